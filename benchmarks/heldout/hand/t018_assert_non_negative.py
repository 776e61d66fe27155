"""Log-scaling counts with a Python assert that they are non-negative.

Modelled on ponder-lab/ML, com.ibm.wala.cast.python.test/data/tf2_test_function.py (Python
`assert` statements inside a `@tf.function`), asserting on tensor values as users do.
"""
import tensorflow as tf


@tf.function
def log_counts(counts):
    tf.debugging.assert_non_negative(counts)
    return tf.math.log1p(counts)


def exercise():
    return [log_counts(tf.constant([0.0, 1.0, 10.0 * k])).numpy() for k in range(3)]
