"""Batches vary and the function reads `x.shape[-1]` (the feature count) as a Python int.

Relaxing the batch dimension is right; relaxing the feature dimension would break
`tf.reshape(x, [-1, x.shape[-1] // 2, 2])`. The signature must keep the last dimension static.
"""
import tensorflow as tf


@tf.function
def pair_sums(x):
    pairs = tf.reshape(x, [-1, x.shape[-1] // 2, 2])
    return tf.reduce_sum(pairs, axis=-1)


def exercise():
    return [pair_sums(tf.reshape(tf.range(n * 4, dtype=tf.float32), [n, 4])) for n in (1, 2, 3, 5)]


if __name__ == "__main__":
    exercise()
