"""An invariant check between two float reductions: `assert a == b`.

Both operands tensors → tf.debugging.assert_equal(a, b); equality of floats
computed in different orders.
"""
import tensorflow as tf


@tf.function
def conserve(x):
    total = tf.reduce_sum(x)
    parts = tf.reduce_sum(x[:2]) + tf.reduce_sum(x[2:])
    assert total == parts, "mass not conserved"
    return total


def exercise():
    return [conserve(tf.constant([0.5, 0.25, 0.125, 0.125])), conserve(tf.constant([1.0, 2.0, 3.0]))]
