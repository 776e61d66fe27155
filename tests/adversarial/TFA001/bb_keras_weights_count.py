"""A Keras 3 layer whose call creates a literal per-call constant variable;
the code checks the layer's weights before saving (a checkpoint compatibility check).

Homed on self, the variable becomes one of the layer's weights.
"""
import keras
import tensorflow as tf


class Offset(keras.layers.Layer):
    def build(self, input_shape):
        self.bias = self.add_weight(shape=(input_shape[-1],), initializer="ones")

    def call(self, x):
        shift = tf.Variable(0.5, trainable=False)
        return x + self.bias + shift


def exercise():
    layer = Offset()
    step = tf.function(layer)
    y = step(tf.constant([[1.0, 2.0]]))
    return y, [w.shape for w in layer.get_weights()]
