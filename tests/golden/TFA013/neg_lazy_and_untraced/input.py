import keras
import tensorflow as tf
from keras import layers

HEAD = None


class Lazy(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.proj = None
        self.norm = None

    def call(self, x):
        if self.proj is None:
            self.proj = layers.Dense(3)
        self.norm = self.norm or layers.LayerNormalization()
        return self.norm(self.proj(x))


def build_model():
    inputs = keras.Input(shape=(4,))
    return keras.Model(inputs, layers.Dense(2)(inputs))


@tf.function
def global_head(x):
    global HEAD
    if HEAD is None:
        HEAD = layers.Dense(2)
    return HEAD(x)


@tf.function
def escaped(x):
    return tf.py_function(lambda v: layers.Dense(2)(v), [x], tf.float32)


def make_metric():
    return keras.metrics.Mean()  # a factory: whoever calls it decides how often


@tf.function
def registered(x, store):
    store.append(keras.metrics.Sum())
    head = layers.Dense(2)
    return head
