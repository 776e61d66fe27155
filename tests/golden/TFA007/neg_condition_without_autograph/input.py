import tensorflow as tf


@tf.function(autograph=False)
def clipped(x, n):
    if n > 2:  # no AutoGraph: a tensor condition would raise, the Python value is needed
        return x * 2.0
    return x


def exercise():
    return [clipped(tf.constant(1.0), n) for n in range(1, 5)]
