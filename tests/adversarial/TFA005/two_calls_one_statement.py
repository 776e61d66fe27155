"""A traced evaluation step calls the stateful metric twice in one expression.

If the conversion made both calls share one instance's reset/update/result sequence, the
first update would be lost and both terms would read the second batch's value.
"""
import tensorflow as tf


def batch_mae(y_true, y_pred):
    calls = tf.Variable(0.0)
    calls.assign_add(1.0)
    return tf.reduce_mean(tf.abs(y_true - y_pred)) * calls


@tf.function
def paired_error(y1, p1, y2, p2):
    return batch_mae(y1, p1) + 10.0 * batch_mae(y2, p2)


def exercise():
    y = tf.constant([[1.0], [2.0]])
    return [paired_error(y, y * k, y + k, y) for k in (0.5, 2.0, 3.0)]
