import keras
import numpy as np


class Threshold:
    def predict(self, x):
        return x > 0.5


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
rule = Threshold()
labels = [rule.predict(value) for value in np.linspace(0, 1, 5)]
