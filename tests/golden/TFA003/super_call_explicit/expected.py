import numpy as np
import tensorflow as tf
from tensorflow import keras


class GatedDense(keras.layers.Dense):
    def call(self, inputs):
        # zero-argument super() raises in a tf.cond branch function: it becomes super(GatedDense, self)
        return tf.cond(
            tf.reduce_mean(inputs) > 0.0,
            lambda: super(GatedDense, self).call(inputs) * 2.0,
            lambda: super(GatedDense, self).call(inputs),
        )


def exercise():
    layer = GatedDense(2, kernel_initializer="ones")
    x = np.array([[1.0, 2.0], [3.0, 4.0]], dtype="float32")
    layer(x)  # built eagerly, then traced
    step = tf.function(lambda v: layer(v))
    return [step(x), step(-x)]
