import keras
import numpy as np
import tensorflow as tf


class Doubler(keras.Model):
    def call(self, x):
        return x * 2.0


def exercise(calls=3):
    model = Doubler()
    return [
        tf.nest.map_structure(
            lambda t: t.numpy(),
            model(np.full((1, 2), float(i), dtype="float32"), training=False),
        )
        for i in range(calls)
    ]
