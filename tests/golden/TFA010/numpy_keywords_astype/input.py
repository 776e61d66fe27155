import numpy as np
import tensorflow as tf


@tf.function
def to_chw(img):
    chw = np.transpose(img, (2, 0, 1)).astype("float32")  # a tensor has no .astype: tf.cast
    flat = np.reshape(chw, (3, -1))
    return np.sum(a=np.transpose(a=flat, axes=(1, 0)), axis=0)  # NumPy's keywords: the data first, perm=


def exercise():
    return [to_chw(tf.reshape(tf.range(12, dtype=tf.int32), [2, 2, 3]))]
