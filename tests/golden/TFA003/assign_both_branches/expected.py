import tensorflow as tf


@tf.function(autograph=False)
def split_sign(x):
    total = tf.reduce_sum(x)
    scale, offset = tf.cond(
        total >= 0,
        lambda: (tf.ones_like(x), tf.zeros_like(x)),
        lambda: (-tf.ones_like(x), tf.ones_like(x)),
    )
    return x * scale + offset


def exercise():
    return [split_sign(tf.constant([1.0, 2.0])), split_sign(tf.constant([-1.0, -2.0]))]
