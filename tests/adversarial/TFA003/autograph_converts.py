"""Tensor `if`/`while` in code AutoGraph converts (a plain @tf.function and the helper it calls).

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
    return [clip_and_normalise(tf.constant([4.0, -2.0])), clip_and_normalise(tf.constant([0.5, 0.25]))]
