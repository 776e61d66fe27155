"""A loss function (compile(loss=...)) with the metric signature and a per-call variable.

Turning it into a keras.metrics.Metric leaves the loss as it was and adds an unused class:
the rule must report it as a loss, without a metric conversion.
"""
import numpy as np
import tensorflow as tf


def scaled_loss(y_true, y_pred):
    scale = tf.Variable(2.0)
    return tf.reduce_mean(tf.square(y_true - y_pred)) * scale


def exercise():
    y = np.array([[1.0], [2.0]], dtype="float32")
    return [float(scaled_loss(y, y * k)) for k in (0.0, 0.5, 2.0)]
