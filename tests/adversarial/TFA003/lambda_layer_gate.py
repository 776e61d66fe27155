"""A Keras `Lambda` layer gating its input with a tensor `if`: Keras calls it without
AutoGraph, so `model.predict` raises; the rewrite must make it run and match eager."""
import numpy as np
import tensorflow as tf
from tensorflow import keras


def gate(x):
    if tf.reduce_sum(x) > 0.0:
        return x
    else:
        return tf.zeros_like(x)


def exercise():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Lambda(gate), keras.layers.Dense(1, kernel_initializer="ones")])
    x = np.array([[1.0, 2.0, 3.0], [-4.0, -5.0, 1.0]], dtype="float32")
    return [model.predict(x, verbose=0), model.predict(-x, verbose=0)]
