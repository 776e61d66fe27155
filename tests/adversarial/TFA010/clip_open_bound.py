"""`np.clip(x, 0, None)`: `tf.clip_by_value(x, 0, None)` raises; an open bound has no one-to-one
TensorFlow spelling, so the rule must not produce that call."""
import numpy as np
import tensorflow as tf


@tf.function
def relu_like(x):
    return np.clip(x, 0.0, None) * 2.0


def exercise():
    return [relu_like(tf.constant([-1.0, 0.5, float(i)])) for i in range(3)]
