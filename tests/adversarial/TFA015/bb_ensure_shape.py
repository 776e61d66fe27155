"""A serving function that pins its output shape with tf.ensure_shape(y, [x.shape[0], 2]).

With the batch dimension None in the signature this works compiled (None is
allowed in ensure_shape); tf.ensure_shape rejects a tensor dimension.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2])])
def serve(x):
    y = x * 2.0
    return tf.ensure_shape(y, [x.shape[0], 2])


def exercise():
    return [serve(tf.ones([3, 2])), serve(tf.ones([1, 2]))]
