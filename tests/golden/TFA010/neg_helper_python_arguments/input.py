"""NumPy in helpers that traced code calls with Python values only: a configuration attribute
(`self._size_per_head`, as in tf-models-official's BigBird), an int literal, a static shape
(`x.shape[-1]`), the leaves of a structure of Python numbers given to `tf.nest.map_structure`
(TF-Agents' `sample_spec_nest`). The NumPy calls fold at trace time: no finding, although the
helpers run traced and their parameters have no default."""
import numpy as np
import tensorflow as tf


def scaled_scores(query, key, size_per_head):
    d = size_per_head
    return tf.matmul(query, key, transpose_b=True) * (1.0 / np.sqrt(d))


def pooling_mask(width, strides):
    if np.all(np.array(strides) == 1):
        return tf.ones([width, width])
    return tf.constant(np.triu(np.ones((width, width), np.float32)))


class Attention(tf.keras.layers.Layer):
    def __init__(self, size_per_head, strides):
        super().__init__()
        self._size_per_head = size_per_head
        self._strides = strides

    def call(self, x):
        def bound(limit):
            return np.float32(np.maximum(limit, 0.0))

        scores = scaled_scores(x, x, self._size_per_head)
        limits = tf.nest.map_structure(bound, {"low": -1.0, "high": 2.0})
        mask = pooling_mask(x.shape[-1], self._strides)
        return tf.clip_by_value(tf.matmul(tf.matmul(scores, x), mask), limits["low"], limits["high"])


layer = Attention(4, [1, 2])


@tf.function
def forward(x):
    return layer(x)


def exercise():
    return [forward(tf.reshape(tf.range(n * 3, dtype=tf.float32), [n, 3]) / 10.0) for n in (1, 2)]
