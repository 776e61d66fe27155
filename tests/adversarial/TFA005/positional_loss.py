"""The same stateful function is the loss, given positionally (`compile("sgd", fn, metrics=[fn])`),
and a metric.

The rule reports a function given to `compile(loss=fn)` as a loss, without a metric
conversion; `compile`'s second positional argument is the loss too. Converting only the
`metrics=` entry leaves the loss as it was: the safe output still creates a variable
per call in the traced train function.
"""
import numpy as np
import tensorflow as tf


def scaled_error(y_true, y_pred):
    scale = tf.Variable(2.0)
    return tf.reduce_mean(tf.square(y_true - y_pred), axis=-1) * scale


def exercise():
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile("sgd", scaled_error, metrics=[scaled_error])
    x = np.array([[1.0], [2.0], [3.0]], dtype="float32")
    result = model.evaluate(x, x * 2.0, batch_size=3, verbose=0, return_dict=True)
    return sorted(result.items())
