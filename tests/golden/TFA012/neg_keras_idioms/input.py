import tensorflow as tf

_WARNED = False
_SINGLETON = [None]


def _warn_once():
    global _WARNED
    if not _WARNED:
        print("experimental")
    _WARNED = True


def _shared_dense():
    if _SINGLETON[0] is None:
        _SINGLETON[0] = tf.keras.layers.Dense(2)
    return _SINGLETON[0]


class Block(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.proj = None
        self._built_from_signature = False
        self.table = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, default_value=0.0)

    def _build_from_signature(self, x):
        self._built_from_signature = True
        self.proj = tf.keras.layers.Dense(4)

    def call(self, x):
        if not self._built_from_signature:
            self._build_from_signature(x)
        if not self.proj:
            self.proj = tf.keras.layers.Dense(4)
        self._built = True
        _warn_once()
        self.table.insert(tf.constant([1], tf.int64), tf.constant([2.0]))
        return self.proj(x) + _shared_dense()(x)[:, :1]


class Trainer:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    @tf.function
    def step(self, model, x, y):
        self.optimizer.update(model, x, y)
        return x


table = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, default_value=0.0)


class Lazy(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = None

    @tf.function
    def __call__(self, x):
        self.v = tf.Variable(1.0) if self.v is None else self.v
        table.insert(tf.constant([1], tf.int64), tf.constant([2.0]))
        return x * self.v
