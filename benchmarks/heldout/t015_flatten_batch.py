"""Flattening per-example features with the static batch size, under a relaxed signature.

Modelled on NoteDance/Note, Note/nn/layer/flatten.py (`batch_size = data_shape[0]` then
`tf.reshape(data, [batch_size, num_elements])`), written with `data.shape[0]` as users do.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2, 3], tf.float32)])
def flatten(data):
    batch_size = data.shape[0]
    num_elements = data.shape[1] * data.shape[2]
    output = tf.reshape(data, [batch_size, num_elements])
    return output


def exercise():
    return [flatten(tf.ones([n, 2, 3]) * n).numpy() for n in (1, 4, 2)]
