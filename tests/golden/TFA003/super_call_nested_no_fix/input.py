import tensorflow as tf
from tensorflow import keras


class GatedDense(keras.layers.Dense):
    def call(self, inputs):
        def gated(layer, x):
            # zero-argument super() in a nested function: its first argument is `layer`, not a method's
            if tf.reduce_mean(x) > 0.0:
                return super().call(x) * 2.0
            return super().call(x)

        return gated(self, inputs)
