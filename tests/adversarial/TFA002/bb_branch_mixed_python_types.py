"""A random branch assigns an int in one branch and a float in the other.

Eagerly the Python `if` picks 2 or 0.5; as a tf.cond the branches give int32
and float32 tensors.
"""
# expect: a right rewrite, chosen by execution (fix --verify)
import random

import tensorflow as tf


@tf.function
def jitter(x):
    if random.random() < 0.5:
        factor = 2
    else:
        factor = 0.5
    return x * factor


def exercise():
    x = tf.constant(3.0)
    return [jitter(x) for _ in range(500)]
