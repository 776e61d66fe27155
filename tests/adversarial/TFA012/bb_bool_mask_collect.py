"""A validity mask per timestep (bool) collected in a loop over a signature tensor.

`tf.reduce_any(row > 0)` is bool, the loop's rows float32.
"""
# (session 9: `tf.reduce_any` is known bool, the TensorArray is tf.bool: a safe fix, no longer declined)
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2])])
def valid_steps(seq):
    mask = []
    for row in seq:
        mask.append(tf.reduce_any(row > 0))
    return tf.stack(mask)


def exercise():
    return [valid_steps(tf.constant([[1.0, -1.0], [-1.0, -2.0]]))]
