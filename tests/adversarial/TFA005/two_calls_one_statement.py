"""The stateful metric is called twice in one expression, in a loop, and by a second traced function.

The conversion gives every call site one shared instance: each call must still reset,
update and read its own value, so the calls neither lose an update nor read another
call's batch. (The golden case two_calls_one_statement has the one expression only.)
"""
import tensorflow as tf


def batch_mae(y_true, y_pred):
    calls = tf.Variable(0.0)
    calls.assign_add(1.0)
    return tf.reduce_mean(tf.abs(y_true - y_pred)) * calls


@tf.function
def summed_error(ys, ps):
    total = tf.constant(0.0)
    for i in tf.range(3):
        total += batch_mae(ys[i], ps[i]) + 10.0 * batch_mae(ps[i], ys[i] * 2.0)
    return total


@tf.function
def single_error(y, p):
    return batch_mae(y, p)


def exercise():
    ys = tf.reshape(tf.range(6, dtype=tf.float32), [3, 2, 1])
    return [summed_error(ys, ys * k) for k in (0.5, 2.0)] + [single_error(ys[0], ys[0] + k) for k in (1.0, 3.0)]
