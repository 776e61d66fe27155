"""A per-iteration function whose default argument is the loop variable.

`def f(y, factor=factor)` evaluates the default when the `def` runs: moving the
definition before the loop would bind every function to the first factor.
"""
import tensorflow as tf


def scaled_outputs(x):
    out = []
    for factor in (1.0, 2.0, 3.0):
        @tf.function
        def scaled(y, factor=factor):
            return y * factor

        out.append(scaled(x))
    return out


def exercise():
    return scaled_outputs(tf.constant([1.0, 2.0]))
