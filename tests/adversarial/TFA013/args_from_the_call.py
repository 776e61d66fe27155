"""The layer's constructor arguments come from the call (`units=x.shape[-1]`, an `axis` from a
parameter) and a layer class defined after the function: nothing can be hoisted; no fix may
be offered, and none of the other rules may break it."""
import tensorflow as tf


@tf.function
def mix(x, axis):
    y = tf.keras.layers.LayerNormalization(axis=axis)(x)
    return Gain(2.0)(y)


class Gain(tf.keras.layers.Layer):
    def __init__(self, init):
        super().__init__()
        self.init = init

    def build(self, shape):
        self.g = self.add_weight(shape=(), initializer=tf.keras.initializers.Constant(self.init))

    def call(self, x):
        return x * self.g


def exercise():
    x = tf.reshape(tf.range(6.0), [2, 3])
    return [mix(x, -1), mix(x * 3.0, 1)]
