"""A stateful metric whose body still calls NumPy on its inputs.

Converted to a Metric it is still traced by Keras and np.abs on a symbolic tensor fails:
the conversion must not be offered (let alone as safe) while the NumPy call remains.
"""
import numpy as np
import tensorflow as tf


def mean_gap(y_true, y_pred):
    count = tf.Variable(0)
    count.assign_add(1)
    return np.mean(np.abs(y_true - y_pred))


def exercise():
    y = np.array([[1.0], [2.0], [4.0]], dtype="float32")
    return [float(mean_gap(y, y * k)) for k in (0.0, 0.5, 2.0)]
