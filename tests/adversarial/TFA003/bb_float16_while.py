"""A float16 while loop in an autograph=False step (a mixed-precision model).

`x / 2.0` keeps float16 and the shape; the loop must stop exactly where Python's did.
"""
import tensorflow as tf


@tf.function(autograph=False)
def shrink(x):
    n = tf.constant(0)
    while tf.reduce_max(tf.abs(x)) > tf.constant(0.01, tf.float16):
        x = x / 2.0
        n = n + 1
    return x, n


def exercise():
    return [shrink(tf.constant([3.0, -7.0], tf.float16)), shrink(tf.constant([0.001], tf.float16))]
