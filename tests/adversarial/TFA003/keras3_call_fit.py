"""A Keras 3 model whose `call` rescales its input with a tensor `if`, trained with `fit`.

Keras 3 runs `call` without AutoGraph: `model.fit` raises OperatorNotAllowedInGraphError.
The rewrite must run under `fit` and train exactly as eager code.
"""
import numpy as np
import tensorflow as tf
from tensorflow import keras


class Regressor(keras.Model):
    def __init__(self):
        super().__init__()
        self.head = keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, inputs):
        total = tf.reduce_sum(inputs)
        scaled = inputs
        if total > 0.0:
            scaled = inputs / total
        return self.head(scaled)


def exercise():
    x = np.linspace(-1.0, 2.0, 24, dtype="float32").reshape(6, 4)
    y = np.linspace(0.0, 1.0, 6, dtype="float32").reshape(6, 1)
    model = Regressor()
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    history = model.fit(x, y, batch_size=3, epochs=2, shuffle=False, verbose=0)
    return [history.history["loss"], model.predict(x, verbose=0)]
