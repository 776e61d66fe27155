"""A helper creates a per-call variable and returns a closure reading it.

Two calls in one step give two variables, each read later through its lambda.
Hoisted to one module variable re-initialised per call, both closures read the
same (last) value.
"""
# expect: unsafe-declined
import tensorflow as tf


def make_reader(x):
    acc = tf.Variable(0.0)
    acc.assign_add(tf.reduce_sum(x))
    return lambda: acc.read_value()


@tf.function
def two_reads(a, b):
    ra = make_reader(a)
    rb = make_reader(b)
    return ra(), rb()


def exercise():
    return [two_reads(tf.constant([1.0, 2.0]), tf.constant([10.0]))]
