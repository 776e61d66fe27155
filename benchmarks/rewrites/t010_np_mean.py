"""A loss that uses NumPy reductions on tensors inside a tf.function."""
import numpy as np
import tensorflow as tf


@tf.function
def centred_loss(pred):
    centre = np.mean(pred)
    return tf.reduce_sum(tf.square(pred - centre))


def exercise():
    return [float(centred_loss(tf.constant([1.0, 2.0, 3.0 + k]))) for k in range(3)]
