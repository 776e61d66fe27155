"""`np.mean` of int32 counts: NumPy returns the float mean (1.5), `tf.reduce_mean` truncates (1).
"""
import numpy as np
import tensorflow as tf


def average_count(counts):
    return np.mean(counts)


def exercise():
    xs = tf.constant([[1, 2], [2, 3]])
    if tf.config.functions_run_eagerly():
        return [average_count(x) for x in xs]
    return list(tf.data.Dataset.from_tensor_slices(xs).map(average_count))
