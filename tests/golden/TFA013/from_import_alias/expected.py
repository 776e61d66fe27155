import tensorflow as tf
from tensorflow.keras.layers import Dense as D

_dense = D(2, kernel_initializer="ones", use_bias=False)


def scale(x):
    return _dense(x)


fast_scale = tf.function(scale)


def exercise():
    return [fast_scale(tf.ones([1, 4]) * i) for i in range(3)]
