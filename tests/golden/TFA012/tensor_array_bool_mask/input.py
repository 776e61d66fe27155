import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2])])
def valid_steps(seq):
    # `tf.reduce_any` and comparisons are bool: the TensorArray holds tf.bool.
    mask = []
    for row in seq:
        mask.append(tf.reduce_any(row > 0))
    flags = []
    for row in seq:
        flags.append(row[0] > row[1])
    return tf.stack(mask), tf.stack(flags)


def exercise():
    return [valid_steps(tf.constant([[1.0, -1.0], [-1.0, -2.0], [0.5, 3.0]]))]
