"""Python's random.expovariate(0.5): rate 0.5, mean 2.

Its parameter is a rate (lambd), unlike NumPy's exponential(scale).
"""
import random

import tensorflow as tf


@tf.function
def delay(x):
    return x + random.expovariate(0.5)


def exercise():
    return [delay(tf.constant(0.0)) for _ in range(600)]
