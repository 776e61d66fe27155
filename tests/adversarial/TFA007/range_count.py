"""The loop variable feeds tf.range: tf.range(<int32 tensor>) equals tf.range(<Python int>).

A fix must keep the int32 dtype and values of the sum.
"""
import tensorflow as tf


@tf.function
def triangle(n):
    return tf.reduce_sum(tf.range(n))


def exercise():
    return [triangle(n) for n in range(1, 6)]
