"""`tf.convert_to_tensor(x.shape[0], dtype=tf.float32)`: the batch size as a float for a mean.

Eagerly `x.shape[0]` is a Python int, which converts to float32. The int32
`tf.shape(x)[0]` does not: `convert_to_tensor` refuses a tensor of another dtype,
so the rewrite raises while tracing.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def batch_mean(x):
    n = tf.convert_to_tensor(x.shape[0], dtype=tf.float32)
    return tf.reduce_sum(x, axis=0) / n


def exercise():
    return [batch_mean(tf.ones([2, 3])), batch_mean(tf.ones([5, 3]))]
