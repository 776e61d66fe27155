import numpy as np
import tensorflow as tf


def fold_score(x):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    return model.predict(x, verbose=0)


def evaluate(model, x):
    return model.predict(x, verbose=0)


def exercise():
    x = np.ones((20, 3), "float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    scores = [fold_score(x[k:]).shape for k in range(12)]
    return scores, [evaluate(model, x) for _ in range(12)]
