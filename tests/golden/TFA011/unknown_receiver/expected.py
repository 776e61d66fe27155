import keras
import numpy as np
import tensorflow as tf


def score_all(model, rows):
    results = []
    i = 0
    while i < len(rows):
        results.append(
            tf.nest.map_structure(
                lambda t: t.numpy(), model(rows[i : i + 1], training=False)
            )[0, 0],
        )
        i += 1
    return results


def exercise():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
    return score_all(model, np.arange(6, dtype="float32").reshape(3, 2))
