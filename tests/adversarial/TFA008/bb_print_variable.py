"""A custom loop prints its step counter, a tf.Variable attribute, each step.

Eager print of a variable shows its repr (name, shape, dtype, value); tf.print
shows the value.
"""
import tensorflow as tf


class Loop(tf.Module):
    def __init__(self):
        self.step = tf.Variable(0)

    @tf.function
    def __call__(self, x):
        self.step.assign_add(1)
        print(self.step)
        return x + 1.0


def exercise():
    loop = Loop()
    return [loop(tf.constant(1.0)) for _ in range(3)]
