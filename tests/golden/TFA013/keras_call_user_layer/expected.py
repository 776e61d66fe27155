import keras
import tensorflow as tf
from keras import layers

_batch_normalization = layers.BatchNormalization()


class Block(keras.layers.Layer):
    """Normalises with a batch-norm layer built on every call."""

    def call(self, inputs):
        return _batch_normalization(inputs, training=False) + 1.0


block = Block()


@tf.function
def apply(x):
    return block(x)


def exercise():
    return [apply(tf.constant([[1.0, -2.0], [3.0, 4.0]]) * i) for i in range(3)]
