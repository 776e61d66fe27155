"""A traced training step stores the metric's value in a local named `<fn>_metric`.

A call in traced code becomes `<fn>_metric.value(a, b)` on an instance created at module
level: the local `batch_error_metric = batch_error(y, p)` then reads itself before it is
assigned (UnboundLocalError while tracing).
"""
import tensorflow as tf


def batch_error(y_true, y_pred):
    calls = tf.Variable(0.0)
    calls.assign_add(1.0)
    return tf.reduce_mean(tf.abs(y_true - y_pred)) * calls


@tf.function
def evaluate_step(y, p):
    batch_error_metric = batch_error(y, p)
    return batch_error_metric * 2.0


def exercise():
    y = tf.constant([[1.0], [2.0]])
    return [evaluate_step(y, y * k) for k in (0.5, 2.0)]
