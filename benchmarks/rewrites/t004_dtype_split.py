"""A metric helper called with float32 predictions and float64 labels from NumPy."""
import numpy as np
import tensorflow as tf


@tf.function
def mse(v):
    return tf.reduce_mean(tf.square(v))


def exercise():
    a = mse(tf.constant([1.0, 2.0, 3.0]))
    b = mse(tf.constant(np.array([1.0, 2.5, 3.0])))
    return a.numpy(), b.numpy()
