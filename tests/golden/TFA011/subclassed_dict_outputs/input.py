import numpy as np
import tensorflow as tf


class Heads(tf.keras.Model):
    """A subclassed model returning a dict: predict returns a dict of arrays."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2, kernel_initializer="ones")

    def call(self, x):
        return {"logits": self.dense(x), "doubled": x * 2.0}


def exercise():
    model = Heads()
    rows = np.arange(6.0).reshape(3, 1, 2)  # float64: the model call casts to float32 like predict
    return [model.predict(row, verbose=0) for row in rows]
