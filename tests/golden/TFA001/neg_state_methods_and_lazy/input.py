import keras
import tensorflow as tf


class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable(0.0)
        self.lazy = None

    @tf.function
    def __call__(self, x):
        if self.lazy is None:
            self.lazy = tf.Variable(tf.zeros_like(x))
        self.total.assign_add(1.0)
        self.lazy.assign_add(x)
        return self.lazy.read_value() + self.total


class Dense(keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = tf.Variable(tf.ones([input_shape[-1], 1]))

    def call(self, x):
        if not self.built:
            self.kernel = tf.Variable(tf.ones([x.shape[-1], 1]))
        return tf.matmul(x, self.kernel)
