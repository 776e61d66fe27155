from keras import layers as L
import tensorflow as tf

_dense = "taken"


_dense_2 = L.Dense(3, kernel_initializer="ones")


_dense_3 = L.Dense(1, kernel_initializer="ones", bias_initializer="zeros")


# Two dense layers, built on every call.
@tf.function
def head(x):
    h = _dense_2(x)  # first
    return _dense_3(h)


def exercise():
    return [head(tf.constant([[1.0, 2.0]]) * i) for i in range(3)] + [_dense]
