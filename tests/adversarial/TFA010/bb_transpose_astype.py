"""np.transpose of an image tensor followed by .astype, in a preprocessing map.

A tensor has no .astype: the NumPy result's own methods are used afterwards.
"""
import numpy as np
import tensorflow as tf


@tf.function
def to_chw(img):
    return tf.reduce_sum(np.transpose(img, (2, 0, 1)).astype("float32"))


def exercise():
    img = tf.reshape(tf.range(12, dtype=tf.int32), [2, 2, 3])
    return [to_chw(img)]
