"""A Keras 3 layer whose call applies a sublayer in one branch of a tensor `if`.

Keras 3 does not AutoGraph-convert call; a tf.cond branch would build the
Dense sublayer (create its variables) inside the branch.
"""
import keras
import tensorflow as tf


class Gate(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.proj = keras.layers.Dense(2, kernel_initializer="ones")

    def call(self, x):
        if tf.reduce_mean(x) > 0.0:
            y = self.proj(x)
        else:
            y = x
        return y


def exercise():
    layer = Gate()
    step = tf.function(layer)
    return [step(tf.constant([[1.0, 2.0]])), step(tf.constant([[-1.0, -2.0]]))]
