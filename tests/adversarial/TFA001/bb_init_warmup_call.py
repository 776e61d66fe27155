"""A class whose __init__ warms its traced method up (one call) before storing its config.

If the attribute the fix adds is set to None after the warm-up call, the
variable created by the warm-up is dropped and the next call creates another.
"""
import tensorflow as tf


class Accumulator:
    def __init__(self, scale):
        self.scale = scale
        self.warm = self.total(tf.zeros([2]))
        self.ready = True

    @tf.function
    def total(self, x):
        acc = tf.Variable(0.0)
        acc.assign_add(tf.reduce_sum(x) * self.scale)
        return acc.read_value()


def exercise():
    a = Accumulator(2.0)
    return [a.warm, a.total(tf.constant([1.0, 2.0])), a.total(tf.constant([3.0, 0.0]))]
