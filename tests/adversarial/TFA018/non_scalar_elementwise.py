"""`assert tf.shape(x) == tf.shape(y)`-style check written on vectors and reduced for Python:
`assert tf.reduce_all(tf.shape(x) == tf.shape(y))` with shapes of different rank — the TF
`==` returns False instead of raising — and a failing call caught by the exercise.
# contract: exact
"""
import tensorflow as tf


@tf.function
def add(x, y):
    assert tf.reduce_all(tf.shape(x) == tf.shape(y)), "shapes differ"
    return x + y


def exercise():
    out = [add(tf.ones([2]), tf.ones([2]))]
    try:
        out.append(add(tf.ones([2, 1]), tf.ones([2])))
    except (AssertionError, tf.errors.InvalidArgumentError):
        out.append("failed")
    return out
