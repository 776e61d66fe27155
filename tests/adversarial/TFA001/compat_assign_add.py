"""A variable updated by TF1's function spelling, `tf.compat.v1.assign_add(v, x)`, not a method.

Eagerly each call creates `v = 1.0` afresh, so it returns `1 + x`. Hoisted without
re-initialisation, calls share one variable that keeps growing. The call looks like
`other.assign_add(v)` (an attribute ending in `assign`, which only reads `v`).
"""
import tensorflow as tf


@tf.function
def shifted(x):
    v = tf.Variable(1.0, trainable=False)
    tf.compat.v1.assign_add(v, x)
    return tf.identity(v)


def exercise():
    return [shifted(tf.constant(2.0)), shifted(tf.constant(2.0)), shifted(tf.constant(3.0))]
