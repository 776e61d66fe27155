"""`size=x.shape[:-1]` in a function traced with an unknown batch dimension: a static shape holds None."""
import numpy as np
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def mask_rows(x):
    keep = np.random.uniform(0.0, 1.0, size=x.shape[:-1])
    return tf.reduce_mean(tf.cast(keep < 0.5, tf.float32)) + 0.0 * tf.reduce_sum(x)


def exercise():
    return [mask_rows(tf.ones([40, 3])) for _ in range(600)]
