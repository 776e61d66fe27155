"""Random crop offset for 1-D sequences, drawn with Python's random."""
import random

import numpy as np
import tensorflow as tf


@tf.function
def crop(seq):
    start = random.randint(0, 4)
    return seq[start:start + 8]


def exercise():
    seq = tf.range(12, dtype=tf.float32)
    return np.array([crop(seq).numpy()[0] for _ in range(200)])
