"""Wrappers of layers with weights built in traced code fail as the layers would: `RNN` of an
`LSTMCell` (bound to a local first, line 19), `Bidirectional(LSTM(...))` (line 24),
`TimeDistributed` of a weighted layer of this module (line 29), `RNN` of a list of cells
(line 34). The cells themselves, passed on to the wrapper, are not reported twice."""
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1],))

    def call(self, x):
        return x * self.w


@tf.function
def lstm(x):
    cell = tf.keras.layers.LSTMCell(4)
    return tf.keras.layers.RNN(cell)(x)


@tf.function
def bidirectional(x):
    return tf.py_function(
        lambda x: tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(3))(x),
        [x],
        x.dtype,
    )


@tf.function
def per_step(x):
    return tf.py_function(
        lambda x: tf.keras.layers.TimeDistributed(Scale())(x), [x], x.dtype
    )


@tf.function
def stacked(x):
    return tf.py_function(
        lambda x: tf.keras.layers.RNN(
            [tf.keras.layers.GRUCell(2), tf.keras.layers.GRUCell(2)]
        )(x),
        [x],
        x.dtype,
    )
