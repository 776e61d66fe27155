import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer="ones")])


def exercise(calls=4):
    scores = []
    for i in range(calls):
        scores.append(model.predict(np.full((1, 3), float(i)), verbose=0))
    return scores
