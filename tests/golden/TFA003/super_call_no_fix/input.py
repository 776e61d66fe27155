import tensorflow as tf
from tensorflow import keras


class GatedDense(keras.layers.Dense):
    def call(self, inputs):
        # zero-argument super() cannot move into a tf.cond branch function
        if tf.reduce_mean(inputs) > 0.0:
            return super().call(inputs) * 2.0
        return super().call(inputs)
