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


def tensor(x):
    return x


def exercise():
    return [penalty(m, tf.constant(3.0)) for m in (2.0, 0.5, -1.0)] + [penalty(tensor(0.5), 1.0)]
