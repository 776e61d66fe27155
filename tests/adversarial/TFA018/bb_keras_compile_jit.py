"""An input check in a Keras model's call, compiled with jit_compile=True; a bad
batch is caught by the caller.

XLA ignores Assert ops: the failing batch now trains instead of being rejected.
"""
# expect: unsafe-declined
import numpy as np
import keras
import tensorflow as tf


class Checked(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, x):
        assert tf.reduce_min(x) >= 0.0, "negative features"
        return self.dense(x)


def exercise():
    model = Checked()
    model.compile(optimizer="sgd", loss="mse", jit_compile=True)
    x = np.array([[1.0, -2.0], [0.5, 0.5]], "float32")
    y = np.zeros((2, 1), "float32")
    try:
        model.fit(x, y, epochs=1, batch_size=2, verbose=0)
        return "trained"
    except Exception:
        return "rejected"
