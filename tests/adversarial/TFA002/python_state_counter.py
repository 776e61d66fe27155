"""The draw is stored on `self` and read by Python code after the traced call (a Python float
that the rest of the program formats): turning it into a tensor breaks the Python consumer.
# contract: exact
# expect: a right rewrite, chosen by execution (a traced core and an eager wrapper: session 10's split)
"""
import random

import tensorflow as tf


class Dropper(tf.Module):
    def __init__(self):
        self.last_rate = 0.0

    @tf.function
    def __call__(self, x):
        rate = random.uniform(0.1, 0.2)
        self.last_rate = rate
        return x * 0.0


def exercise():
    d = Dropper()
    d(tf.constant(1.0))
    return [len(f"{d.last_rate:.3f}")]
