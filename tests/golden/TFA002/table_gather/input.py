"""A draw that picks an entry of a constant table: a tensor cannot index a Python list or be a
dict key, so the lookup becomes `tf.gather` over the entries the draw can pick (the list itself
when the draw's values are its positions; the dict's rates, weighted by `p=`, for the keys)."""
import random

import numpy as np
import tensorflow as tf

SCALES = [0.5, 1.0, 2.0]
RATES = {1: 0.1, 2: 0.2}


@tf.function
def rescale(x):
    return x * SCALES[random.randint(0, 2)]


@tf.function
def dropout_rate(x):
    return x * RATES[np.random.choice([1, 2], p=[0.75, 0.25])]


@tf.function
def offset(x):
    return x + (10, 20, 30)[random.randrange(1, 3)]


def exercise():
    x = tf.constant(1.0)
    return [rescale(x) for _ in range(600)], [dropout_rate(x) for _ in range(600)], [offset(x) for _ in range(600)]
