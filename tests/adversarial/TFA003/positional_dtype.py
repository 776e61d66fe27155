"""Dtypes given positionally: `tf.constant(-1, tf.int64)`, `tf.zeros([], tf.int32)`.

Eagerly each branch returns its own dtype (int64 vs int32, int32 vs float32);
reading only a `dtype=` keyword takes them for int32 and float32, the same as
the other branch, and tf.cond then fails on the mismatch.
"""
import tensorflow as tf


def first_positive(x):
    if tf.reduce_any(x > 0.0):
        return tf.constant(1)
    return tf.constant(-1, tf.int64)


def count_or_scale(x):
    if tf.reduce_sum(x) > 0.0:
        return tf.ones([])
    return tf.zeros([], tf.int32)


first_positive_graph = tf.function(first_positive, autograph=False)
count_or_scale_graph = tf.function(count_or_scale, autograph=False)


def exercise():
    a, b = tf.constant([1.0, -2.0]), tf.constant([-1.0, -2.0])
    return [first_positive_graph(a), first_positive_graph(b), count_or_scale_graph(a), count_or_scale_graph(b)]
# expect: unsafe-declined
