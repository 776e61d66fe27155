"""Gaussian noise added to float64 features in a tf.data pipeline.

`x + random.gauss(0, 0.1)`: the Python float took float64 from x; a float32
tf.random draw added to a float64 element raises unless cast.
"""
import random

import tensorflow as tf


def add_noise(x):
    return x + random.gauss(0.0, 0.1)


def exercise():
    ds = tf.data.Dataset.from_tensor_slices(tf.zeros([600], tf.float64)).map(add_noise)
    return [float(v) for v in ds]
