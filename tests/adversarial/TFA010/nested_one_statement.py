"""NumPy calls nested in one statement (`np.transpose(np.reshape(x, ...))`) next to a `.numpy()`
given to a TensorFlow op as its data: the engine must compose the three safe rewrites."""
import numpy as np
import tensorflow as tf


@tf.function
def scramble(x):
    return np.transpose(np.reshape(x, [2, 2])) + tf.reduce_max(x.numpy())


def exercise():
    return [scramble(tf.constant([3.0, 4.0, float(i), 1.0])) for i in range(3)]
