"""A Keras layer that jitters its input with NumPy noise during training."""
import numpy as np
import tensorflow as tf
import keras


class Jitter(keras.layers.Layer):
    def call(self, inputs, training=None):
        if training:
            return inputs + np.random.normal(0.0, 0.05)
        return inputs


layer = Jitter()


@tf.function
def train_forward(x):
    return layer(x, training=True)


def exercise():
    x = tf.zeros([2])
    return np.array([train_forward(x).numpy()[0] for _ in range(200)])
