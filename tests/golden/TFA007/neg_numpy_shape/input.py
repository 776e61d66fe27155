import numpy as np
import tensorflow as tf


@tf.function
def with_mask(x, n):
    mask = np.zeros(n, dtype=np.float32)  # NumPy needs the Python int while the graph is built
    return tf.concat([x, mask], axis=0)


def exercise():
    x = tf.constant([1.0])
    return [with_mask(x, n) for n in range(1, 4)]
