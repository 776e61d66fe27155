"""A warm-up fraction counter incremented by 0.25 per step, cast inside.

The counter is a Python float: `tf.constant(t)` is float32, and
`tf.cast(t, tf.float64)` of a Python float goes through float32 as well.
"""
import tensorflow as tf


@tf.function
def warm(x, t):
    return x * tf.cast(t, tf.float64)


def exercise():
    x = tf.constant(3.0, tf.float64)
    t = 0.1
    outs = []
    for _ in range(4):
        outs.append(warm(x, t))
        t += 0.25
    return outs
