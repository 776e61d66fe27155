import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2])])
def valid_steps(seq):
    # `tf.reduce_any` and comparisons are bool: the TensorArray holds tf.bool.
    mask = tf.TensorArray(tf.bool, size=0, dynamic_size=True)
    for row in seq:
        mask = mask.write(mask.size(), tf.reduce_any(row > 0))
    flags = tf.TensorArray(tf.bool, size=0, dynamic_size=True)
    for row in seq:
        flags = flags.write(flags.size(), row[0] > row[1])
    return mask.stack(), flags.stack()


def exercise():
    return [valid_steps(tf.constant([[1.0, -1.0], [-1.0, -2.0], [0.5, 3.0]]))]
