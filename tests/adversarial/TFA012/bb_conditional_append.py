"""Keep only rows with a positive sum: the append sits under a tensor `if` in the loop.

Eagerly the list grows only for kept rows; the TensorArray must too.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2])])
def keep_positive(x):
    kept = []
    for row in x:
        if tf.reduce_sum(row) > 0:
            kept.append(row)
    return tf.stack(kept)


def exercise():
    return [keep_positive(tf.constant([[1.0, 2.0], [-3.0, 1.0], [0.5, 0.0]]))]
