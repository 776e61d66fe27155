"""Mixup with a few fixed mixing coefficients passed as Python floats."""
import numpy as np
import tensorflow as tf


@tf.function
def mixup(a, b, lam):
    return lam * a + (1.0 - lam) * b


def exercise():
    a = tf.constant(np.ones((5, 3), np.float32))
    b = tf.constant(np.zeros((5, 3), np.float32))
    return [mixup(a, b, lam).numpy() for lam in (0.2, 0.5, 0.7, 0.9)]
