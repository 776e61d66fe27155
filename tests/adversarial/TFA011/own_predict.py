"""A model class overrides predict() (calibration): calling the model would bypass it."""
import numpy as np
import tensorflow as tf


class Calibrated(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, x):
        return self.dense(x)

    def predict(self, x, **kwargs):
        return super().predict(x, **kwargs) * 0.5 + 1.0


def exercise():
    model = Calibrated()
    return [model.predict(np.full((1, 2), float(i), dtype="float32"), verbose=0) for i in range(3)]
