"""A while loop that doubles a buffer until it is long enough.

The loop variable changes shape each iteration: tf.while_loop without
shape_invariants raises, so the rule must give it `shape_invariants` (TensorShape(None)).
"""
import tensorflow as tf


def _pad_to_power_of_two(x):
    while tf.size(x) < 8:
        x = tf.concat([x, tf.zeros_like(x)], axis=0)
    return x


padded = tf.function(_pad_to_power_of_two, autograph=False)


def exercise():
    return [padded(tf.constant([1.0, 2.0, 3.0]))]
