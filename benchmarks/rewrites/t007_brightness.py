"""Brightness sweep for a robustness report: the delta is a Python float."""
import numpy as np
import tensorflow as tf


@tf.function
def adjust(images, delta):
    return tf.clip_by_value(images + delta, 0.0, 1.0)


def exercise():
    images = tf.constant(np.linspace(0, 1, 48, dtype=np.float32).reshape(4, 4, 3))
    means = []
    for i in range(12):
        means.append(float(tf.reduce_mean(adjust(images, 0.05 * i))))
    return means
