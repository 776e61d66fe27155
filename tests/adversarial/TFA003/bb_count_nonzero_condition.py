"""A Keras 3 metric-like helper: `if` on an int64 count in an autograph=False step.

The condition is an int64 scalar (truth test: non-zero); the branches return
float32 results of the same parameter.
"""
import tensorflow as tf


@tf.function(autograph=False)
def masked_mean(x, mask):
    if tf.math.count_nonzero(mask):
        return tf.reduce_sum(x * mask) / tf.reduce_sum(mask)
    return tf.reduce_sum(x) * 0.0


def exercise():
    x = tf.constant([1.0, 2.0, 3.0])
    return [masked_mean(x, tf.constant([1.0, 0.0, 1.0])), masked_mean(x, tf.zeros([3]))]
