"""The deprecated keyword with an `input_signature`, on a method wrapped in `__init__` through a
from-import alias: the rename must keep the signature (and its float64 dtype) and the binding
to `self`."""
import tensorflow as tf
from tensorflow import function as compile_fn


class Scaler(tf.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = tf.Variable(factor, dtype=tf.float64)
        self.apply = compile_fn(
            self._apply,
            input_signature=[tf.TensorSpec([None], tf.float64)],
            experimental_relax_shapes=True,
        )

    def _apply(self, x):
        return x * self.factor


def exercise():
    scaler = Scaler(3.0)
    out = [scaler.apply(tf.ones([n], tf.float64)) for n in (1, 2, 5)]
    scaler.factor.assign(0.5)
    out.append(scaler.apply(tf.ones([2], tf.float64)))
    return out
