import tensorflow as tf


def row_peak(row):
    return tf.reduce_max(tf.abs(row))


@tf.function
def peaks(x):
    return tf.map_fn(row_peak, x)


def exercise():
    return [peaks(tf.constant([[1.0, -4.0], [float(i), 2.0]])) for i in range(3)]
