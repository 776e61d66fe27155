"""The index of enumerate reaches the function only through tf.cast: the fix is right here.

A float32 offset computed from the index must come out the same (dtype float32) after the
argument becomes tf.constant(i).
"""
import tensorflow as tf


@tf.function
def shifted(x, i):
    return x + tf.cast(i, tf.float32) * 0.25


def exercise():
    batches = [tf.ones([2]) * k for k in range(4)]
    return [shifted(b, i) for i, b in enumerate(batches)]
