"""A per-call scratch buffer updated only through a sliced assignment.

`buf[0].assign(...)` updates the variable without any `buf.assign*` call on the
name itself: a literal initial value plus "never updated" would skip the
per-call re-initialisation, and the second call would start from the first's value.
"""
import tensorflow as tf


@tf.function
def first_slot_sum(x):
    buf = tf.Variable([0.0, 0.0, 0.0])
    buf[0].assign(buf[0] + tf.reduce_sum(x))
    return buf.read_value()


def exercise():
    return [first_slot_sum(tf.constant([1.0, 2.0])), first_slot_sum(tf.constant([3.0]))]
