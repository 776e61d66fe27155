"""A stateful metric function used with class weights / sample weights in fit.

The generated Metric must weight and average batches exactly as Keras' wrapper
of the function did.
"""
import numpy as np
import tensorflow as tf


def weighted_abs(y_true, y_pred):
    total = tf.Variable(0.0)
    total.assign_add(tf.reduce_mean(tf.abs(y_true - y_pred)))
    return total


def exercise():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones", use_bias=False)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss="mae", metrics=[weighted_abs])
    x = np.array([[1.0, 0.0], [0.0, 2.0], [3.0, 0.0], [1.0, 1.0]], "float32")
    y = np.zeros((4, 1), "float32")
    w = np.array([1.0, 0.0, 2.0, 1.0], "float32")
    logs = model.evaluate(x, y, sample_weight=w, batch_size=2, verbose=0, return_dict=True)
    return logs["weighted_abs"]
