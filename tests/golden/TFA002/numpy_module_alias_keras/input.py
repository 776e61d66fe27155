import keras
import tensorflow as tf
from numpy import random as npr


class Jitter(keras.layers.Layer):
    def call(self, inputs):
        return inputs + npr.rand(4) + npr.randn()


layer = Jitter()


@tf.function
def step(x):
    return layer(x)


def exercise():
    return [step(tf.zeros([4])) for _ in range(150)]
