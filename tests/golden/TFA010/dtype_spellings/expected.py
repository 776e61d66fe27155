import tensorflow as tf


@tf.function
def stats(x):
    any_positive = tf.reduce_any(x > 0.0)  # NumPy's max of booleans: tf.reduce_any
    mean_count = tf.reduce_mean(
        tf.cast(tf.cast(x, tf.int32), tf.float64)
    )  # NumPy's integer mean is float64
    total = tf.reduce_sum(
        tf.cast(tf.cast(x, tf.uint8), tf.uint64)
    )  # NumPy sums uint8 into uint64
    capped = tf.minimum(x, 2.0)  # an open lower bound: tf.minimum
    floored = tf.maximum(x, 0.0)  # an open upper bound: tf.maximum
    columns = tf.transpose(
        tf.reshape(tf.transpose(x), (2, 3))
    )  # column-major: transposes around tf.reshape
    rows = tf.reshape(x, (2, 3))
    return any_positive, mean_count, total, capped, floored, columns, rows, tf.size(x)


def exercise():
    return [stats(tf.constant([1.0, 2.0, 3.0, 150.0, 200.0, -1.0])), stats(tf.constant([-1.0, -2.0, -3.0, 0.0, 9.0, 4.0]))]
