"""Circular shifts of a signal for a cross-correlation scan."""
import numpy as np
import tensorflow as tf


@tf.function
def shifted_dot(signal, shift):
    return tf.reduce_sum(signal * tf.roll(signal, shift=shift, axis=0))


def exercise():
    signal = tf.constant(np.sin(np.linspace(0, 6.28, 64)).astype(np.float32))
    return [float(shifted_dot(signal, k)) for k in range(16)]
