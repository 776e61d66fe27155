from keras import layers as L
import tensorflow as tf

_dense = "taken"


# Two dense layers, built on every call.
@tf.function
def head(x):
    h = L.Dense(3, kernel_initializer="ones")(x)  # first
    return L.Dense(1, kernel_initializer="ones", bias_initializer="zeros")(h)


def exercise():
    return [head(tf.constant([[1.0, 2.0]]) * i) for i in range(3)] + [_dense]
