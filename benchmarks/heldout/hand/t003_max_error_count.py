"""Largest number of wrong elements in any row: a Python loop and if over tensors.

Modelled on NIRteam/encoders, test/er.py (`CustomMetric.update_state`: `for i in equal_int_arr:
error_count = K.sum(...); if tf.greater(error_count, res): res = error_count`), as a
tf.function with autograph off.
"""
import tensorflow as tf


@tf.function(autograph=False)
def max_error_count(y_true, y_pred):
    y_pred = tf.cast(tf.round(y_pred), dtype="int64")
    equal_int_arr = tf.cast(tf.not_equal(y_true, y_pred), dtype="int64")
    res = tf.constant(0, dtype="int64")
    for i in tf.unstack(equal_int_arr):
        error_count = tf.reduce_sum(i)
        res = tf.maximum(res, error_count)
    return res


def exercise():
    y_true = tf.constant([[1, 0, 1], [0, 0, 1], [1, 1, 1]], dtype=tf.int64)
    preds = [[[0.9, 0.1, 0.2], [0.7, 0.6, 0.9], [0.1, 0.2, 0.3]], [[1.0, 0.0, 1.0], [0.0, 0.0, 1.0], [1.0, 1.0, 0.0]]]
    return [int(max_error_count(y_true, tf.constant(p))) for p in preds]
