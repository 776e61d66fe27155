"""A counter bumped through a bound method taken once.

`bump = hits.assign_add` then `bump(...)` in a loop: no `hits.assign_add(` call
text, but the variable is updated on every call.
"""
import tensorflow as tf


@tf.function
def count_positive(x):
    hits = tf.Variable(0, dtype=tf.int32)
    bump = hits.assign_add
    for row in tf.unstack(x):
        bump(tf.cast(tf.reduce_any(row > 0), tf.int32))
    return hits.read_value()


def exercise():
    a = tf.constant([[1.0, -1.0], [-2.0, -3.0], [0.5, 0.5]])
    return [count_positive(a), count_positive(a), count_positive(-a)]
