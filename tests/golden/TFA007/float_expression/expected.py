import tensorflow as tf


@tf.function
def shifted(x, offset):
    return tf.nn.relu(x - offset)


def exercise():
    x = tf.constant([0.1, 0.4, 0.9])
    return [shifted(x, tf.constant(0.25 * k - 0.5, dtype=tf.float32)) for k in range(5)]
