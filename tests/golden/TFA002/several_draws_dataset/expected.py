"""Several draws in one statement with a float16 input, in Dataset.map: `x * a + b - c` where
every draw must take x's dtype; one of them is an int (`randint`) that Python would promote."""

import tensorflow as tf


def augment(x):
    return (
        x * tf.cast(tf.random.uniform([], 0.9, 1.1), x.dtype)
        + tf.cast(tf.random.normal([], 0.0, 0.01), x.dtype)
        - tf.cast(tf.random.uniform([], 0, 3, dtype=tf.int32), x.dtype)
    )


def exercise():
    xs = tf.ones([600], tf.float16)
    if tf.config.functions_run_eagerly():
        return [augment(x) for x in xs]
    return list(tf.data.Dataset.from_tensor_slices(xs).map(augment))
