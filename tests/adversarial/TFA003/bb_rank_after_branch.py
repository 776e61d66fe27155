"""Branches returning tensors of different ranks; the code then reads the rank.

Both are float32 tensors, the condition is a scalar: as a tf.cond the result's
static rank is unknown and `y.shape.rank` is None.
"""
# expect: unsafe-declined
import tensorflow as tf


@tf.function(autograph=False)
def summarize(x):
    if tf.reduce_sum(x) > 10.0:
        y = tf.reduce_sum(x)
    else:
        y = x
    if y.shape.rank == 0:
        return tf.reshape(y, [1])
    return y


def exercise():
    return [summarize(tf.constant([20.0, 1.0])), summarize(tf.constant([1.0, 2.0]))]
