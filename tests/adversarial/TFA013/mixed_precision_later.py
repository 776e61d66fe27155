"""A LayerNormalization built in a traced step; the script switches to mixed precision after import.

Built in the step, the layer takes the dtype policy in force at the call (mixed_float16: a
float16 output); hoisted to module level it is built at import, under float32, and the
step's output changes dtype.
"""
import tensorflow as tf


@tf.function
def normalise(x):
    return tf.keras.layers.LayerNormalization()(x)


def exercise():
    tf.keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        return [normalise(tf.constant([[1.0, 2.0, 4.0]]) * k) for k in (1.0, 2.0)]
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")
