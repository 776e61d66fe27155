import numpy as np
import tensorflow as tf


@tf.function
def add_noise(x):
    return x + np.random.normal(0.0, 0.1, size=x.shape)


def exercise():
    # Frozen, the noise vector varies along x but is the same on every call.
    return [add_noise(tf.zeros([100])) for _ in range(10)]
