import numpy as np
import tensorflow as tf

WEIGHTS = tf.constant([0.5, 0.25])


@tf.function
def weighted(x, scale=np.sqrt(2.0)):
    # NumPy on Python data and captured constants is folded at trace time, on purpose.
    factor = np.mean([1.0, 3.0]) * np.pi * np.float32(scale)
    return x * factor * float(np.sum(WEIGHTS))
