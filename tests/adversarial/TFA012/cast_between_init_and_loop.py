"""The list is created, then the input is cast (uint8 pixels → float32), then the loop collects.

The TensorArray replaces `outs = []` and takes the dtype of the tensor the values come from
(`rows.dtype`): read where the list was created, before the cast, it is uint8, and writing
the float32 rows fails.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.uint8)])
def normalised_rows(rows):
    outs = []
    rows = tf.cast(rows, tf.float32) / 255.0
    for row in rows:
        outs.append(row * 2.0)
    return tf.stack(outs)


def exercise():
    pixels = tf.constant([[0, 51, 255], [102, 153, 204]], dtype=tf.uint8)
    return [normalised_rows(pixels), normalised_rows(pixels[:1])]
