import numpy as np
import tensorflow as tf


@tf.function
def stats(x):
    any_positive = np.max(x > 0.0)  # NumPy's max of booleans: tf.reduce_any
    mean_count = np.mean(tf.cast(x, tf.int32))  # NumPy's integer mean is float64
    total = np.sum(tf.cast(x, tf.uint8))  # NumPy sums uint8 into uint64
    capped = np.clip(x, None, 2.0)  # an open lower bound: tf.minimum
    floored = np.clip(x, 0.0, None)  # an open upper bound: tf.maximum
    columns = np.reshape(x, (3, 2), order="F")  # column-major: transposes around tf.reshape
    rows = np.reshape(x, (2, 3), order="C")
    return any_positive, mean_count, total, capped, floored, columns, rows, np.size(x)


def exercise():
    return [stats(tf.constant([1.0, 2.0, 3.0, 150.0, 200.0, -1.0])), stats(tf.constant([-1.0, -2.0, -3.0, 0.0, 9.0, 4.0]))]
