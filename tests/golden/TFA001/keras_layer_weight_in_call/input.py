import keras
import tensorflow as tf


class Scale(keras.layers.Layer):
    def call(self, inputs):
        scale = tf.Variable(tf.fill([inputs.shape[-1]], 2.0))
        return inputs * scale


layer = Scale()


@tf.function
def apply(x):
    return layer(x)


def exercise():
    return [apply(tf.constant([[1.0, 2.0, 3.0]]) * i) for i in range(3)]
