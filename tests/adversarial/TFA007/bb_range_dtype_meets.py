"""A Python int passed per call, used as tf.range(n) and then the range is
multiplied by a float tensor — the range's dtype matters.
"""
import tensorflow as tf


@tf.function
def ramp(scale, n):
    r = tf.cast(tf.range(n), tf.float32)
    return tf.reduce_sum(r * scale)


def exercise():
    return [ramp(tf.constant(0.5), n) for n in range(2, 5)]
