"""NumPy noise with size= added to a float64 tensor inside a training step.

`np.random.normal(0, 1, size=3)` is a float64 array; added to a float64
tensor it stays float64 — the float32 tf.random.normal must be cast to it.
"""
import numpy as np
import tensorflow as tf


@tf.function
def perturb(w):
    return w + np.random.normal(0.0, 1.0, size=3)


def exercise():
    w = tf.constant([1.0, 2.0, 3.0], tf.float64)
    return [perturb(w)[0] for _ in range(500)]
