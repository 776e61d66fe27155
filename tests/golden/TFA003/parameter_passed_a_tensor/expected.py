import tensorflow as tf


@tf.function(autograph=False)
def penalty(margin, scale):
    cost = tf.cond(
        margin > 1.0,
        lambda: tf.zeros([]),
        lambda: tf.cond(
            margin > 0.0,
            lambda: scale * (1.0 - margin),
            lambda: scale * (1.0 - 2.0 * margin),
        ),
    )
    return cost


@tf.function(autograph=False)
def sign_of(value):
    return tf.cond(value >= 0, lambda: tf.constant(1), lambda: tf.constant(-1))


def exercise():
    costs = [penalty(tf.constant(m), scale=tf.constant(3.0)) for m in (2.0, 0.5, -1.0)]
    return costs + [sign_of(value=tf.constant(v)) for v in (4, -4)]
