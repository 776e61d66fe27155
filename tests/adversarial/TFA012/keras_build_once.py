"""A Keras layer with the build-once idioms that were flagged before: built flags, lazy sublayers,
a lazy singleton in a list, a warn-once global, a MutableHashTable insert. None is a hazard."""
import tensorflow as tf

_WARNED = False
_SHARED = [None]


def _shared_bias():
    if _SHARED[0] is None:
        _SHARED[0] = tf.keras.layers.Dense(1, kernel_initializer="zeros", bias_initializer="ones")
    return _SHARED[0]


class Block(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.proj = None
        self.table = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, default_value=0.0)

    def build(self, input_shape):
        if not self.proj:
            self.proj = tf.keras.layers.Dense(2, kernel_initializer="ones")
        self.built = True

    def call(self, x):
        global _WARNED
        self._ready = True
        _WARNED = True
        self.table.insert(tf.constant([1], tf.int64), tf.constant([2.0]))
        return self.proj(x) + _shared_bias()(x) + self.table.lookup(tf.constant([1], tf.int64))


def exercise():
    block = Block()
    step = tf.function(lambda x: block(x))
    return [step(tf.ones([2, 3]) * k) for k in range(3)]
