"""An assert inside a loop over a tensor, on a per-step scalar.

The check runs once per iteration in the tf.while_loop; the loop result must
be unchanged.
"""
import tensorflow as tf


@tf.function
def cumulative(xs):
    total = tf.constant(0.0)
    for x in xs:
        assert x >= 0.0, "negative step"
        total += x
    return total


def exercise():
    return [cumulative(tf.constant([1.0, 2.0, 3.0]))]
