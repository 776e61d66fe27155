"""Exponential jitter of a dropout-like mask: np.random.exponential(2.0) (scale=2, mean 2).

NumPy's parameter is the scale; TensorFlow's gamma takes a rate (beta): a
mapping that passes 2.0 as the rate gives mean 0.5.
"""
import numpy as np
import tensorflow as tf


@tf.function
def jitter(x):
    return x * np.random.exponential(2.0)


def exercise():
    x = tf.constant(1.0)
    return [jitter(x) for _ in range(600)]
