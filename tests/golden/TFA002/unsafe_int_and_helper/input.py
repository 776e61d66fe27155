import random

import tensorflow as tf


def scale(value, factor):
    return value * factor


@tf.function
def step(x):
    # An int32 tensor only mixes with int tensors: right here, unsafe in general.
    repeated = x * random.randint(1, 3)
    return repeated, scale(tf.cast(x, tf.float32), random.random())


def exercise():
    return [step(tf.constant(2)) for _ in range(300)]
