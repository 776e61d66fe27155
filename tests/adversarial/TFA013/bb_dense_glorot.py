"""A projection head built inside a traced loss with Keras' default (random) initializer.

Eagerly every call builds a fresh Dense with fresh random weights; hoisted,
one set of weights is reused.
"""
# expect: the hoisted layers are rejected by verification; a fresh layer per call in tf.py_function is confirmed
import tensorflow as tf


@tf.function
def project(x):
    return tf.keras.layers.Dense(2)(x)


def exercise():
    x = tf.ones([1, 3])
    return [project(x), project(x)]
