import keras
import numpy as np

model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])


def exercise(calls=3):
    # Warm-up calls whose result is discarded: no `.numpy()` needed.
    for _ in range(calls):
        model(np.ones((1, 2)), training=False)
    return model.get_weights()
