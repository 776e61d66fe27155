import tensorflow as tf


@tf.function
def head_mean(x, n):
    return tf.reduce_sum(tf.gather(x, tf.range(n))) / n  # int32 in tf.range, float32 in the division


def exercise():
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    return [head_mean(x, n) for n in range(1, 4)]
