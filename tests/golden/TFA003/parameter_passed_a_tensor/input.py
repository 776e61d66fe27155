import tensorflow as tf


@tf.function(autograph=False)
def penalty(margin, scale):
    if margin > 1.0:
        cost = tf.zeros([])
    elif margin > 0.0:
        cost = scale * (1.0 - margin)
    else:
        cost = scale * (1.0 - 2.0 * margin)
    return cost


@tf.function(autograph=False)
def sign_of(value):
    if value >= 0:
        return tf.constant(1)
    return tf.constant(-1)


def exercise():
    costs = [penalty(tf.constant(m), scale=tf.constant(3.0)) for m in (2.0, 0.5, -1.0)]
    return costs + [sign_of(value=tf.constant(v)) for v in (4, -4)]
