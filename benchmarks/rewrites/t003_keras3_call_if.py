"""A Keras 3 layer whose call branches on a tensor; Keras 3 does not autograph call."""
import keras
import numpy as np
import tensorflow as tf


class SafeLog(keras.layers.Layer):
    def call(self, x):
        if tf.reduce_min(x) > 0.0:
            return tf.math.log(x)
        return tf.math.log1p(tf.abs(x))


model = keras.Sequential([keras.Input((3,)), SafeLog()])


def exercise():
    rows = np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], np.float32)
    model.compile(loss="mse")
    return model.predict(rows, verbose=0), model.evaluate(rows, np.zeros((2, 3), np.float32), verbose=0)
