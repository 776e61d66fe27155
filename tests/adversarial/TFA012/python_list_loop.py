"""A tf.function loops over a Python list of tensors of different lengths and concatenates.

The loop is unrolled at trace time and works; a TensorArray rewrite (with `inputs.dtype` on a
list, or infer_shape on ragged pieces) would break it.
"""
import tensorflow as tf


@tf.function
def merge(inputs):
    outs = []
    for x in inputs:
        outs.append(x * 2.0)
    return tf.concat(outs, axis=0)


def exercise():
    return [merge([tf.ones([2]) * k, tf.ones([3])]) for k in range(3)]
