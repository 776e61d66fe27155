import tensorflow as tf


@tf.function(autograph=False)
def split_sign(x):
    total = tf.reduce_sum(x)
    if total >= 0:
        scale = tf.ones_like(x)
        offset = tf.zeros_like(x)
    else:
        scale = -tf.ones_like(x)
        offset = tf.ones_like(x)
    return x * scale + offset


def exercise():
    return [split_sign(tf.constant([1.0, 2.0])), split_sign(tf.constant([-1.0, -2.0]))]
