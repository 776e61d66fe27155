"""An even crop offset: random.randrange(0, 10, 2) — only 0, 2, 4, 6, 8.

A uniform integer over [0, 10) ignoring the step draws odd offsets too.
"""
import random

import tensorflow as tf


@tf.function
def crop(x):
    off = random.randrange(0, 10, 2)
    return x[off]


def exercise():
    x = tf.range(20.0)
    return [crop(x) for _ in range(600)]
