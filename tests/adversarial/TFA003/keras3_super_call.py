"""A Keras 3 layer whose tensor `if` calls `super().call(...)` in its branches.

Moving `super().call(inputs)` into a lambda or a nested def raises
`RuntimeError: super(): no arguments`; the rule must decline.
"""
import numpy as np
import tensorflow as tf
from tensorflow import keras


class BoostedDense(keras.layers.Dense):
    def call(self, inputs):
        if tf.reduce_mean(inputs) > 0.0:
            return super().call(inputs) * 2.0
        return super().call(inputs)


def exercise():
    layer = BoostedDense(2, kernel_initializer="ones")
    x = np.array([[1.0, 2.0], [3.0, 4.0]], dtype="float32")
    return [layer(x), layer(-x)]
