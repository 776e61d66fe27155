"""The AutoGraph showcase function, compiled with autograph turned off.

Modelled on ddysher/ml-notes, ml-core/tensorflow/experiments/guides/autograph.py
(`def square_if_positive(x): if x > 0: x = x * x else: x = 0.0; return x`); users set
`autograph=False` for speed or to silence conversion warnings.
"""
import tensorflow as tf


@tf.function(autograph=False)
def square_if_positive(x):
    x = tf.cond(x > 0, lambda: x * x, lambda: tf.constant(0.0))
    return x


def exercise():
    return [float(square_if_positive(tf.constant(v))) for v in (9.0, -9.0, 0.5)]
