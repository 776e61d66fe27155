"""A Keras layer's call keeps a float64 per-call accumulator.

float64 state in a float32 model: the hoisted variable and its re-assignment
must keep float64 and the per-call reset.
"""
import tensorflow as tf
import keras


class EnergyLayer(keras.layers.Layer):
    def call(self, x):
        energy = tf.Variable(tf.constant(0.0, tf.float64), trainable=False)
        energy.assign_add(tf.reduce_sum(tf.cast(x, tf.float64) ** 2))
        return x * tf.cast(energy, x.dtype)


def exercise():
    layer = EnergyLayer()
    step = tf.function(layer)
    return [step(tf.constant([[1.0, 2.0]])), step(tf.constant([[3.0, 1.0]]))]
