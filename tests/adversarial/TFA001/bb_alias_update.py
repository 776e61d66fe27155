"""A running total updated through an alias of the variable.

`acc = total` then `acc.assign_add(...)`: the variable created with a literal is
updated, but not under its own name.
"""
import tensorflow as tf


@tf.function
def weighted_total(xs):
    total = tf.Variable(0.0)
    acc = total
    for i in range(3):
        acc.assign_add(tf.reduce_sum(xs) * float(i))
    return total.read_value()


def exercise():
    return [weighted_total(tf.constant([1.0, 1.0])), weighted_total(tf.constant([0.5]))]
