"""`randrange` with a step draws start + step * k (only even offsets here), and a `randint`
bound beyond int32 is a Python int that an int32 draw cannot hold: the draw is int64."""
import random

import tensorflow as tf


@tf.function
def crop(x):
    off = random.randrange(0, 10, 2)
    return x[off]


@tf.function
def shifted(x):
    return x / random.randrange(9, 0, -3)


@tf.function
def salted(ids):
    return tf.cast(ids, tf.int64) + random.randint(2**40, 2**40 + 3)


def exercise():
    x = tf.range(20.0)
    ids = tf.constant([1, 2], tf.int64)
    return [crop(x) for _ in range(600)], [shifted(x)[3] for _ in range(600)], [salted(ids)[0] for _ in range(600)]
