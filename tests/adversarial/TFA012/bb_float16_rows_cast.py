"""Mixed precision: float16 rows are collected after a float32 cast, then stacked.

The TensorArray dtype must be the cast's (float32), not the rows' (float16).
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float16)])
def upcast_rows(x):
    rows = []
    for r in x:
        rows.append(tf.cast(r, tf.float32) * 3.0)
    return tf.stack(rows)


def exercise():
    return [upcast_rows(tf.constant([[1.5, 2.0], [0.1, 0.2]], tf.float16))]
