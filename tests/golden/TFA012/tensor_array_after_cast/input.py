import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.uint8)])
def normalised_rows(rows):
    outs = []
    # `rows` is bound again after `outs = []`: the TensorArray of `rows.dtype` is created
    # right before the loop, where it is float32.
    rows = tf.cast(rows, tf.float32) / 255.0
    for row in rows:
        outs.append(row * 2.0)
    return tf.stack(outs)


def exercise():
    pixels = tf.constant([[0, 51, 255], [102, 153, 204]], dtype=tf.uint8)
    return [normalised_rows(pixels), normalised_rows(pixels[:1])]
