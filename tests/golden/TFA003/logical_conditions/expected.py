import tensorflow as tf


@tf.function(autograph=False)
def route(x, mask):
    return tf.cond(
        tf.cond(
            tf.logical_not(tf.reduce_any(mask)),
            lambda: tf.constant(True),
            lambda: tf.reduce_min(x) < 0,
        ),
        lambda: tf.zeros_like(x),
        lambda: x,
    )


@tf.function(autograph=False)
def nonzero(x):
    return tf.cond(tf.cast(tf.reduce_sum(x), tf.bool), lambda: x + 1.0, lambda: x)


def exercise():
    ones, zeros = tf.constant([True, False]), tf.constant([False, False])
    return [
        route(tf.constant([1.0, 2.0]), ones),
        route(tf.constant([1.0, 2.0]), zeros),
        route(tf.constant([-1.0, 2.0]), ones),
        nonzero(tf.constant([1.0, -1.0])),
        nonzero(tf.constant([1.0, 2.0])),
    ]
