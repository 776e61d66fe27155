import tensorflow as tf


@tf.function
def power(x, n):
    return x ** tf.cast(n, tf.float32)


def exercise():
    return [power(tf.constant(2.0), n) for n in range(1, 9)]
