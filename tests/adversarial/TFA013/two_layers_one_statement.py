"""Two layers built and called in one statement, under a from-import alias, in a tf.Module
method, with float64 inputs: both must be hoisted under distinct names, each keeping its own
constants (`epsilon`, `dtype`), and the result must be the eager one (deterministic initialisers,
one input size)."""
import tensorflow as tf
from tensorflow.keras.layers import LayerNormalization as LN


class Block(tf.Module):
    @tf.function
    def __call__(self, x):
        return LN(epsilon=1e-3, dtype="float64")(LN(dtype="float64")(x) * 3.0) + x


def exercise():
    block = Block()
    x = tf.reshape(tf.range(12.0, dtype=tf.float64), [3, 4]) ** 2
    return [block(x), block(x * 2.0)]
