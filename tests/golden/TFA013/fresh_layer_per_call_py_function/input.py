"""A layer whose class is defined below the traced function and whose argument comes from the
call: nothing can be hoisted. Eagerly each call builds a fresh layer with this call's argument;
the candidate builds it eagerly in a `tf.py_function` on every call."""
import tensorflow as tf


@tf.function
def scale(x, factor):
    return Gain(2.0)(x) * factor


class Gain(tf.keras.layers.Layer):
    def __init__(self, init):
        super().__init__()
        self.init = init

    def build(self, shape):
        self.g = self.add_weight(shape=(), initializer=tf.keras.initializers.Constant(self.init))

    def call(self, x):
        return x * self.g


def exercise():
    return [scale(tf.constant([1.0, 2.0]), tf.constant(float(i))) for i in range(3)]
