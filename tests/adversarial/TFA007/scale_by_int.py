"""The Python int multiplies a float tensor directly inside a TF op: tf.reduce_sum(x * k).

`x * k` adopts float32 for a Python k; an int32 tensor k raises. No fix.
"""
import tensorflow as tf


@tf.function
def total(x, k):
    return tf.reduce_sum(x * k)


def exercise():
    x = tf.constant([1.0, 2.0])
    return [total(x, k) for k in range(4)]
