"""Globals set before the first call or after the last, and an attribute set before any call:
every trace sees the value every eager call sees."""
import tensorflow as tf

LEARNING_RATE = 0.1


@tf.function
def update(w, g):
    return w - LEARNING_RATE * g


LEARNING_RATE = 0.05  # before any call
first = update(tf.ones([2]), tf.ones([2]))
LEARNING_RATE = 0.01  # after the last call


class Shift(tf.Module):
    def __init__(self):
        self.shift = 0.0

    @tf.function
    def __call__(self, x):
        return x + self.shift


shift = Shift()
shift.shift = 2.0  # configured before the first call
shifted = shift(tf.constant(1.0))


def exercise():
    return first, shifted
