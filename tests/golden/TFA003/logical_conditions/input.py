import tensorflow as tf


@tf.function(autograph=False)
def route(x, mask):
    if not tf.reduce_any(mask) or tf.reduce_min(x) < 0:
        return tf.zeros_like(x)
    return x


@tf.function(autograph=False)
def nonzero(x):
    if tf.reduce_sum(x):
        return x + 1.0
    else:
        return x


def exercise():
    ones, zeros = tf.constant([True, False]), tf.constant([False, False])
    return [
        route(tf.constant([1.0, 2.0]), ones),
        route(tf.constant([1.0, 2.0]), zeros),
        route(tf.constant([-1.0, 2.0]), ones),
        nonzero(tf.constant([1.0, -1.0])),
        nonzero(tf.constant([1.0, 2.0])),
    ]
