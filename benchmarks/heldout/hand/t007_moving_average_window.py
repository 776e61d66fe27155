"""Moving-average baselines for several window sizes.

Modelled on https-deeplearning-ai/tensorflow-1-public, C4/W2/ungraded_labs/C4_W2_Lab_3_deep_NN.ipynb
(a Python `window_size` given to the windowing helper), the average as a tf.function.
"""
import numpy as np
import tensorflow as tf


@tf.function
def moving_average(series, window_size):
    frames = tf.signal.frame(series, window_size, 1)
    return tf.reduce_mean(frames, axis=-1)


def exercise():
    series = tf.constant(np.sin(np.arange(20, dtype=np.float32) / 2.0))
    return [moving_average(series, tf.constant(w)).numpy() for w in (3, 5, 7, 9)]
