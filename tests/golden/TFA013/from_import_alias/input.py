import tensorflow as tf
from tensorflow.keras.layers import Dense as D


def scale(x):
    return D(2, kernel_initializer="ones", use_bias=False)(x)


fast_scale = tf.function(scale)


def exercise():
    return [fast_scale(tf.ones([1, 4]) * i) for i in range(3)]
