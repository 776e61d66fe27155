import keras
import tensorflow as tf
from keras import layers


@tf.function
def step(x, y):
    flat = layers.Flatten()(x)
    act = keras.layers.ReLU()(flat)
    loss = keras.losses.MeanSquaredError()(y, act)
    schedule = keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9)
    return loss + schedule(1) + tf.reduce_sum(layers.Activation("tanh")(x))


@tf.function
def inputs():
    return keras.Input(shape=(3,))


class Block(keras.layers.Layer):
    def call(self, x, training=None):
        return layers.Dropout(0.1)(x, training=training)  # variable-free in tf-keras
