import tensorflow as tf


@tf.function
def pad_right(x, width):
    return tf.concat([x, tf.fill([width], -1.0)], axis=0)


def exercise():
    x = tf.constant([1.0, 2.0])
    return [pad_right(x, width) for width in range(4)]
