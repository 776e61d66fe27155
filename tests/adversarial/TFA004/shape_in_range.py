"""A per-row Python loop over `x.shape[0]` with a varying batch size.

An input_signature with a None batch (or reduce_retracing) turns `range(x.shape[0])` into
`range(None)`: TypeError at trace time. The rule must consult the static-shape use and decline.
"""
import tensorflow as tf


@tf.function
def row_maxima(x):
    maxima = []
    for i in range(x.shape[0]):
        maxima.append(tf.reduce_max(x[i]))
    return tf.stack(maxima)


def exercise():
    return [row_maxima(tf.reshape(tf.range(n * 3, dtype=tf.float32), [n, 3])) for n in (2, 3, 4)]


if __name__ == "__main__":
    exercise()
