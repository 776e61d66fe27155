"""A helper that defines a decorated tf.function on every call, called per batch."""
import numpy as np
import tensorflow as tf


def normalise(batch):
    @tf.function
    def _norm(x):
        return (x - tf.reduce_mean(x)) / (tf.math.reduce_std(x) + 1e-6)

    return _norm(batch)


def exercise():
    return [normalise(tf.constant(np.arange(6, dtype=np.float32) * k)).numpy() for k in range(1, 8)]
