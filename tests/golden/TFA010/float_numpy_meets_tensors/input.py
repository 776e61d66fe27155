import tensorflow as tf


@tf.function
def weighted_loss(y_true, y_pred, b):
    weight = float(b.numpy())
    loss = tf.reduce_mean(tf.square(y_true - y_pred))
    return loss * weight


def exercise():
    y = tf.constant([1.0, 2.0, 3.0])
    return [weighted_loss(y, y * s, tf.constant(s)) for s in (0.5, 2.0)]
