"""TFA010: NumPy on a tensor inside a tf.function fails: the tensor is symbolic while tracing.

Run: python examples/numpy_in_step.py   (NotImplementedError: Cannot convert a symbolic tf.Tensor to a numpy array)
Fix: tfautofix fix --write --unsafe-fixes examples/   (np.mean → tf.reduce_mean, .numpy() → the tensor)
"""

import numpy as np
import tensorflow as tf


@tf.function
def normalise(x):
    centred = x - np.mean(x)
    return centred / tf.math.reduce_std(x.numpy())


def exercise():
    return [normalise(tf.constant([1.0, 2.0, 4.0 + i])) for i in range(3)]


if __name__ == "__main__":
    print(exercise())
    print("traces:", normalise.experimental_get_tracing_count())
