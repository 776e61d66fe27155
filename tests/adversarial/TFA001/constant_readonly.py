"""A read-only variable with a literal initial value, created on every call.

The only case where skipping the per-call re-initialisation is proven: nothing
assigns it and its initial value is a literal constant.
"""
import tensorflow as tf


@tf.function
def weighted(x):
    weights = tf.Variable(tf.constant([0.25, 0.75]), trainable=False)
    return tf.reduce_sum(weights * x)


def exercise():
    return [weighted(tf.constant([1.0, 2.0])), weighted(tf.constant([4.0, 0.0]))]
