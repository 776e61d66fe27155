"""An XLA-compiled step whose loop count is a Python int passed per call.

`tf.range(n)` under jit_compile=True needs n at compile time: a tensor n is
not a compile-time constant.
"""
import tensorflow as tf


@tf.function(jit_compile=True)
def partial_sum(x, n):
    idx = tf.range(n)
    return tf.reduce_sum(tf.gather(x, idx))


def exercise():
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    return [partial_sum(x, n) for n in range(1, 4)]
