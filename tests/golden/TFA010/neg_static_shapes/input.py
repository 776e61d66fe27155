"""NumPy on static shapes and Python ints inside traced code is constant folding, not a bug:
`np.sqrt(x.shape[-1])`, `np.prod(x.shape[1:])`, `np.log(n)` with a Python int must not be
rewritten into TensorFlow ops (that would turn Python numbers into tensors). So is NumPy on
`x.get_shape().as_list()` (TF-Lattice's Kronecker-factored lattice)."""
import numpy as np
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 4, 2], tf.float32)])
def scaled_attention(x):
    d = x.shape[-1]
    flat = np.prod(x.shape[1:])
    scale = 1.0 / np.sqrt(d)
    return tf.reshape(x, [-1, int(flat)]) * scale


@tf.function
def rows_of(inputs, units):
    inputs_shape = inputs.get_shape().as_list()
    idx = -1 if units == 1 else -2
    rows = int(np.prod(inputs_shape[1:idx]))
    return tf.reshape(inputs, [-1, rows, inputs_shape[-1]])


def exercise():
    return [scaled_attention(tf.ones([n, 4, 2])) for n in (1, 3)] + [rows_of(tf.ones([2, 3, 2, 5]), 2)]


class Flatten(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.size = tf.cast(np.prod(input_shape[1:]), tf.float32)

    def call(self, x):
        return tf.reshape(x, [-1, 8]) / self.size
