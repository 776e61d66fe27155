"""A random integer draw used to index a Python list of scales.

Eagerly `SCALES[random.randint(0, 2)]` indexes with an int; a tensor index
into a Python list raises.
"""
# expect: a right rewrite, chosen by execution (fix --verify)
import random

import tensorflow as tf

SCALES = [0.5, 1.0, 2.0]


@tf.function
def rescale(x):
    scale = SCALES[random.randint(0, 2)]
    return x * scale


def exercise():
    x = tf.constant([1.0, 2.0])
    return [rescale(x)[1] for _ in range(500)]
