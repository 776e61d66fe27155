"""A function that loops in Python over tf.unstack of its batch.

Observed with batch sizes 2 and 3: tf.unstack needs the static batch size.
"""
import tensorflow as tf


@tf.function
def pairwise_max(x):
    return tf.stack([tf.reduce_max(r) for r in tf.unstack(x, axis=0)])


def exercise():
    return [pairwise_max(tf.ones([n, 3]) * n) for n in (2, 3, 4)]


if __name__ == "__main__":
    exercise()
