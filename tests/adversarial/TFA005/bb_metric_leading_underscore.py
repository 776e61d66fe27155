"""A private metric function `_hit_rate`, read back from evaluate(return_dict=True).

The metric's name in the logs is the function's name, underscore included.
"""
import numpy as np
import tensorflow as tf


def _hit_rate(y_true, y_pred):
    hits = tf.Variable(0.0)
    hits.assign_add(tf.reduce_sum(tf.cast(tf.abs(y_true - y_pred) < 0.5, tf.float32)))
    return hits / tf.cast(tf.size(y_true), tf.float32)


def exercise():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer="sgd", loss="mse", metrics=[_hit_rate])
    x = np.array([[0.1, 0.2], [1.0, 1.0], [0.0, 0.3], [2.0, 2.0]], "float32")
    y = np.array([[0.0], [2.0], [0.0], [0.0]], "float32")
    logs = model.evaluate(x, y, batch_size=2, verbose=0, return_dict=True)
    return sorted(logs), logs["_hit_rate"]
