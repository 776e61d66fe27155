"""A Keras layer that centres its input with a per-call variable sized by the
last dimension, shared by two branches of different widths.

Homed in build(input_shape), the variable is created once, for the first width:
the second input (another width) no longer fits.
"""
import keras
import tensorflow as tf


class Center(keras.layers.Layer):
    def call(self, x):
        mean = tf.Variable(tf.zeros([x.shape[-1]]), trainable=False)
        mean.assign(tf.reduce_mean(x, axis=0))
        return x - mean


def exercise():
    center = Center()
    step = tf.function(lambda a, b: (center(a), center(b)))
    return [step(tf.constant([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]), tf.constant([[1.0, 1.0], [3.0, 5.0]]))]
