import tensorflow as tf


def problematic_metric(y_true, y_pred):
    counter = tf.Variable(0)
    counter.assign_add(1)
    return tf.reduce_mean(tf.abs(y_true - y_pred))


@tf.function
def evaluate_step(model, features, labels):
    return problematic_metric(labels, model(features))
