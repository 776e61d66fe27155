"""Picks one class column per call, as in a per-class evaluation loop."""
import numpy as np
import tensorflow as tf

PROBS = tf.constant(np.linspace(0, 1, 60, dtype=np.float32).reshape(5, 12))


@tf.function
def column_mean(c):
    return tf.reduce_mean(PROBS[:, c])


def exercise():
    return [float(column_mean(c)) for c in range(12)]
