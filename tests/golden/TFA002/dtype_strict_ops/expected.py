"""NumPy draws are float64; a float64 *tensor* would break float32 ops, so the fix draws float32
unless the code asks for a dtype (`.astype`, `tf.constant(..., dtype=)`)."""
import numpy as np
import tensorflow as tf


@tf.function
def mix(x):
    mask = x > 0.5
    filled = tf.where(mask, x, tf.cast(tf.random.uniform([4], -1.0, 1.0), x.dtype))
    extra = tf.random.normal([2], dtype=np.float32)
    scaled = tf.random.uniform([2], 0.0, 2.0, dtype=tf.float64)
    return tf.concat([filled, extra, tf.cast(scaled, tf.float32)], axis=0)


def exercise():
    return [mix(tf.zeros([4])) for _ in range(70)]
