"""Input validation with assert inside a tf.function."""
import tensorflow as tf


@tf.function(autograph=False)
def safe_log(x):
    assert tf.reduce_all(x > 0.0), "log of non-positive"
    return tf.math.log(x)


def exercise():
    return [safe_log(tf.constant([1.0, 2.0 + k])).numpy() for k in range(3)]
