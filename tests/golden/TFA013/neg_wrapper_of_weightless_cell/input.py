"""A Keras wrapper layer built in traced code has the variables of what it wraps. TF-Addons'
CRF decoder builds `RNN(CrfDecodeForwardRnnCell(...))` on every call, from a cell with no
weights (the transition matrix is a tensor it is given): it works traced, in either Keras
(measured), so it is not reported; nor is `TimeDistributed(Flatten())`, nor `RNN(cell)` of a
cell the code does not show. `wrapped_layers` holds the wrappers of weighted layers."""
import tensorflow as tf


class ForwardCell(tf.keras.layers.Layer):
    def __init__(self, transition_params, **kwargs):
        super().__init__(**kwargs)
        self._transition_params = tf.expand_dims(transition_params, 0)
        self._num_tags = transition_params.shape[0]

    @property
    def state_size(self):
        return self._num_tags

    @property
    def output_size(self):
        return self._num_tags

    def call(self, inputs, state):
        scores = tf.expand_dims(state[0], 2) + self._transition_params
        return tf.cast(tf.argmax(scores, 1), tf.int32), inputs + tf.reduce_max(scores, [1])


def decode_forward(inputs, state, transition_params, lengths):
    mask = tf.sequence_mask(lengths, tf.shape(inputs)[1])
    cell = ForwardCell(transition_params, dtype=inputs.dtype)
    layer = tf.keras.layers.RNN(cell, return_sequences=True, return_state=True, zero_output_for_mask=True)
    return layer(inputs, state, mask=mask)


@tf.function
def decode(inputs, state, transition_params, lengths):
    backpointers, last = decode_forward(inputs, state, transition_params, lengths)
    return backpointers, last, tf.keras.layers.TimeDistributed(tf.keras.layers.Flatten())(inputs[:, :, :, None])


@tf.function
def run_cell(x, cell):
    return tf.keras.layers.RNN(cell)(x)


def exercise():
    tp = tf.reshape(tf.range(9, dtype=tf.float32), [3, 3]) / 10.0
    results = []
    for n in (4, 5):
        inputs = tf.reshape(tf.range(2 * n * 3, dtype=tf.float32), [2, n, 3]) / 7.0
        results.append(decode(inputs, tf.ones([2, 3]), tp, tf.constant([n, n - 1])))
    return results
