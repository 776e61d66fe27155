"""A float64 signal meets a Python normal draw: a float32 tf.random draw would raise a TypeError."""
import numpy as np
import tensorflow as tf


@tf.function
def jitter(x):
    return x + np.sqrt(0.02) * np.random.normal(0.0, 1.0)


def exercise():
    x = tf.constant(1.0, dtype=tf.float64)
    return [jitter(x) for _ in range(600)]
