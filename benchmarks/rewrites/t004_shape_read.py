"""Per-batch feature normalisation that reads the batch size statically."""
import numpy as np
import tensorflow as tf


@tf.function
def batch_mean(x):
    n = x.shape[0]
    return tf.reduce_sum(x, axis=0) / n


def exercise():
    rng = np.random.default_rng(0)
    return [batch_mean(tf.constant(rng.normal(size=(b, 4)).astype(np.float32))).numpy() for b in (16, 12, 16, 5)]
