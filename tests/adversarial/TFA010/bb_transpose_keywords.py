"""np.transpose and np.reshape called with NumPy's keyword names (a=, axes=).

tf.transpose's parameters are (a, perm), tf.reshape's (tensor, shape).
"""
import numpy as np
import tensorflow as tf


@tf.function
def flip_axes(x):
    y = np.transpose(a=x, axes=(1, 0))
    return tf.reduce_sum(y, axis=0)


def exercise():
    return [flip_axes(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))]
