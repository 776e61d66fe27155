import tensorflow as tf


@tf.function
def total(x):
    return tf.reduce_sum(x)


def exercise():
    return [total(tf.ones([3]) * k) for k in range(4)]
