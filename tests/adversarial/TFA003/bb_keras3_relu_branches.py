"""A Keras 3 layer call (not AutoGraph-converted) with an `if` whose branches keep x's dtype.

The straightforward case: scalar condition, both branches x through dtype-keeping
ops — the fix must give exactly the eager values.
"""
import keras
import tensorflow as tf


class SoftClip(keras.layers.Layer):
    def call(self, x):
        if tf.reduce_max(x) > 1.0:
            x = tf.nn.relu(x) - 1.0
        else:
            x = x * 2.0
        return x


def exercise():
    layer = SoftClip()
    step = tf.function(layer)
    return [step(tf.constant([[3.0, -1.0]])), step(tf.constant([[0.5, 0.25]]))]
