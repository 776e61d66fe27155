"""A custom hit-rate metric that counts hits in a variable it creates (Keras 3)."""
import keras
import numpy as np
import tensorflow as tf


def hit_rate(y_true, y_pred):
    hits = tf.Variable(0.0)
    hits.assign_add(tf.reduce_sum(tf.cast(tf.abs(y_true - y_pred) < 0.5, tf.float32)))
    return hits / tf.cast(tf.size(y_true), tf.float32)


def exercise():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer="sgd", loss="mse", metrics=[hit_rate])
    x = np.array([[0.1, 0.1], [0.5, 0.5], [1.0, 0.0], [0.2, 0.1]] * 2, np.float32)
    return model.evaluate(x, np.zeros((8, 1), np.float32), batch_size=4, verbose=0)
