"""`randrange` with a step draws start + step * k (only even offsets here), and a `randint`
bound beyond int32 is a Python int that an int32 draw cannot hold: the draw is int64."""

import tensorflow as tf


@tf.function
def crop(x):
    off = 2 * tf.random.uniform([], 0, 5, dtype=tf.int32)
    return x[off]


@tf.function
def shifted(x):
    return x / tf.cast(9 + (-3) * tf.random.uniform([], 0, 3, dtype=tf.int32), x.dtype)


@tf.function
def salted(ids):
    return tf.cast(ids, tf.int64) + tf.random.uniform(
        [], 2**40, (2**40 + 3) + 1, dtype=tf.int64
    )


def exercise():
    x = tf.range(20.0)
    ids = tf.constant([1, 2], tf.int64)
    return [crop(x) for _ in range(600)], [shifted(x)[3] for _ in range(600)], [salted(ids)[0] for _ in range(600)]
