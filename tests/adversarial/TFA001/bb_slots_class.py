"""A plain class with ``__slots__`` whose traced method creates a variable.

The fix homes the variable in an attribute set in ``__init__``; a class with
``__slots__`` has no room for a new attribute (AttributeError).
"""
import tensorflow as tf


class Smoother:
    __slots__ = ("alpha", "__weakref__")

    def __init__(self, alpha):
        self.alpha = alpha

    @tf.function
    def smooth(self, xs):
        state = tf.Variable(0.0)
        for x in tf.unstack(xs):
            state.assign(self.alpha * state + (1.0 - self.alpha) * x)
        return state.read_value()


def exercise():
    s = Smoother(0.5)
    return [s.smooth(tf.constant([1.0, 2.0, 3.0])), s.smooth(tf.constant([4.0]))]
