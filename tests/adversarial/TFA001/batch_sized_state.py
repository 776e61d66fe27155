"""A Keras layer whose scratch state is sized by the batch dimension.

Moved into `build()` it would be created for the first batch only and the last,
smaller batch would not fit; re-assigned per call with another shape it raises.
The fix must not be safe; its unsafe form must be caught by verification.
"""
import numpy as np
import tensorflow as tf
from tensorflow import keras


class RowCounter(keras.layers.Layer):
    def call(self, inputs):
        counts = tf.Variable(tf.zeros([inputs.shape[0], 1]))
        counts.assign_add(tf.reduce_sum(inputs, axis=1, keepdims=True))
        return inputs + counts


layer = RowCounter()


@tf.function
def apply(x):
    return layer(x)


def exercise():
    data = np.arange(20, dtype="float32").reshape(10, 2)
    return [apply(tf.constant(data[i : i + 4])) for i in (0, 4, 8)]
