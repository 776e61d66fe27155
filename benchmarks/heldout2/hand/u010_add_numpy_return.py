"""A tf.function that hands back a NumPy array by calling `.numpy()` on its result.

Modelled on tensorflow/tensorflow issue #57195 ("AttributeError: 'Tensor' object has no attribute 'numpy'":
`@tf.function def f(x, y): return (x + y).numpy()`; "How can I get an array from this code?").
"""
import numpy as np
import tensorflow as tf


@tf.function
def f(x, y):
    return x + y


def exercise():
    arrays = []
    for k in range(3):
        x = tf.ones([1]) * k
        y = tf.ones([1])
        arrays.append(f(x, y).numpy())
    return arrays
