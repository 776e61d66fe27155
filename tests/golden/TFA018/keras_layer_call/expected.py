import keras
import tensorflow as tf


class NonNegative(keras.layers.Layer):
    def call(self, inputs):
        tf.debugging.Assert(
            tf.reduce_min(inputs) >= 0.0, ["inputs must be non-negative"]
        )
        return tf.sqrt(inputs)


layer = NonNegative()


@tf.function
def apply(x):
    return layer(x)


def exercise():
    return [apply(tf.constant([[1.0, 4.0], [9.0, 16.0]]) * i) for i in range(1, 4)]
