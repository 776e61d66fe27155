import tensorflow as tf


@tf.function(autograph=False)
def maybe_normalize(x):
    y = x
    peak = tf.reduce_max(tf.abs(x))
    y = tf.cond(peak > 10.0, lambda: x / peak, lambda: y)
    return y * 2.0


def exercise():
    return [maybe_normalize(tf.constant([20.0, -40.0])), maybe_normalize(tf.constant([1.0, -2.0]))]
