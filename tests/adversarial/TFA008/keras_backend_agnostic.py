"""A Keras 3 layer written for every backend (it imports `keras`, never TensorFlow) prints
inside `call`; adding `import tensorflow` would tie it to one backend. No fix is acceptable.
# contract: exact
"""
import keras


class Probe(keras.layers.Layer):
    def call(self, inputs):
        print("probe", inputs)
        return inputs * 2.0


def exercise():
    layer = Probe()
    return [layer(keras.ops.ones((2,)))]
