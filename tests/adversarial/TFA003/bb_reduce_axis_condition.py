"""`if` on a reduction along an axis of a [n, 1] column, in an autograph=False step.

`tf.reduce_sum(x, axis=0)` is not a scalar: shape [1]. Eagerly bool() of a
one-element tensor works; tf.cond needs a scalar.
"""
import tensorflow as tf


@tf.function(autograph=False)
def clip_column(x):
    if tf.reduce_sum(x, axis=0) > 1.0:
        y = x / 2.0
    else:
        y = x * 1.0
    return y


def exercise():
    return [clip_column(tf.constant([[1.0], [2.0]])), clip_column(tf.constant([[0.1], [0.2]]))]
