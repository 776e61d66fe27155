"""A float64 identity matrix sized by the None batch dimension (a Gram-matrix regulariser).

tf.eye(x.shape[0], dtype=tf.float64): num_rows as an int32 tensor must give
the same float64 matrix.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float64)])
def gram_penalty(x):
    gram = tf.matmul(x, x, transpose_b=True)
    return tf.reduce_sum((gram - tf.eye(x.shape[0], dtype=tf.float64)) ** 2)


def exercise():
    return [gram_penalty(tf.constant([[1.0, 0.0], [0.0, 1.0]], tf.float64)), gram_penalty(tf.ones([3, 2], tf.float64))]
