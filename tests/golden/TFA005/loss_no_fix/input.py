import tensorflow as tf


def weighted(y_true, y_pred):
    scale = tf.Variable(2.0)
    return tf.reduce_mean(tf.square(y_true - y_pred)) * scale


def build(model):
    model.compile(optimizer="sgd", loss=weighted)
