"""A Python `assert` on a tensor condition inside a tf.function.

Modelled on tensorflow/tensorflow issue #34715 ("Can't use assert statement inside tf.function": `@tf.function
def f(x): assert tf.constant(True), 'assert failed'; return x`, then `print(f(x))` with `x = tf.ones(())`).
"""
import tensorflow as tf


@tf.function
def f(x):
    tf.debugging.Assert(tf.constant(True), ['assert failed'])
    return x


def exercise():
    out = []
    for value in (1.0, 2.0, 3.0):
        x = tf.ones(()) * value
        out.append(float(f(x)))
    return out
