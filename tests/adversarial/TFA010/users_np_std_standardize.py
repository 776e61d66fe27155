"""Standardising a batch with NumPy statistics inside a tf.function:
`(x - np.mean(x)) / np.std(x)` (np.std: the population std, ddof=0)."""
import numpy as np
import tensorflow as tf


@tf.function
def standardize(x):
    return (x - np.mean(x)) / np.std(x)


def exercise():
    return [standardize(tf.constant([[1.0, 2.0, 4.0], [0.5, 3.0, 9.0]])), standardize(tf.range(6.0))]
