"""A function called with ragged batches of different row counts.

A TensorSpec signature does not accept a RaggedTensor.
"""
import tensorflow as tf


@tf.function
def row_means(rt):
    return tf.reduce_mean(rt, axis=1)


def exercise():
    return [
        row_means(tf.ragged.constant([[1.0, 2.0], [3.0]])),
        row_means(tf.ragged.constant([[1.0], [2.0, 4.0], [5.0]])),
        row_means(tf.ragged.constant([[1.0, 1.0, 1.0]])),
    ]


if __name__ == "__main__":
    exercise()
