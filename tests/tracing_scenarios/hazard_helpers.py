"""A helper in another module, traced because a tf.function in hazards.py calls it."""

import random


def jitter(x):
    return x + random.uniform(-0.1, 0.1)  # <- drawn once, at trace time


def shift(x):
    print("mapping")  # <- map print
    return x + 1
