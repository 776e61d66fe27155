"""Tensor `if`/`while` in code AutoGraph converts (plain @tf.function, a helper, Dataset.map).

This code works: the rule must leave it alone (no rewrite to verify, no finding).
"""
import tensorflow as tf


def _normalise(x):
    while tf.reduce_max(tf.abs(x)) > 1.0:
        x = x / 2.0
    return x


@tf.function
def clip_and_normalise(x):
    if tf.reduce_min(x) < 0.0:
        x = x - tf.reduce_min(x)
    return _normalise(x)


def exercise():
    ds = tf.data.Dataset.from_tensor_slices([[3.0, -1.0], [0.5, 0.25]]).map(clip_and_normalise)
    return [clip_and_normalise(tf.constant([4.0, -2.0])), *list(ds)]
