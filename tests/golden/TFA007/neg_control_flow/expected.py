import tensorflow as tf


@tf.function
def clipped(x, n):
    if n > 2:  # Python control flow: needs the Python value
        return x * 2.0
    return tf.zeros([n]) + x  # and a shape


def exercise():
    return [
        clipped(tf.constant(1.0), tf.constant(n, dtype=tf.int32)) for n in range(1, 2)
    ] + [loop()]


def loop():
    out = []
    for n in range(1, 5):
        out.append(clipped(tf.constant(1.0), tf.constant(n, dtype=tf.int32)))
    return out
