import tensorflow as tf


def within(y_true, y_pred, tolerance=0.1):
    hits = tf.Variable(0.0)
    hits.assign(tf.reduce_mean(tf.cast(tf.abs(y_true - y_pred) < tolerance, tf.float32)))
    return hits


def build(model):
    model.compile(optimizer="sgd", loss="mse", metrics=[within])
