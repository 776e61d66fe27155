import keras
import numpy as np


class Doubler(keras.Model):
    def call(self, x):
        return x * 2.0


def exercise(calls=3):
    model = Doubler()
    return [model.predict(np.full((1, 2), float(i), dtype="float32"), verbose=0) for i in range(calls)]
