import random

import tensorflow as tf


def scale(value, factor):
    return value * factor


@tf.function
def step(x):
    # An int32 tensor only mixes with int tensors: right here, unsafe in general.
    repeated = x * tf.random.uniform([], 1, 4, dtype=tf.int32)
    return repeated, scale(tf.cast(x, tf.float32), tf.random.uniform([]))


def exercise():
    return [step(tf.constant(2)) for _ in range(300)]
