"""tf.function(self.f) in a method called in a loop, on a class with __slots__.

The fix stores the function in a new attribute created in __init__: a slotted
class has no room for it.
"""
import tensorflow as tf


class Trainer:
    __slots__ = ("scale", "__weakref__")

    def __init__(self, scale):
        self.scale = scale

    def _forward(self, x):
        return x * 2.0

    def run(self, x):
        fwd = tf.function(self._forward)
        return fwd(x)


def exercise():
    t = Trainer(2.0)
    return [t.run(tf.constant(float(i))) for i in range(3)]
