"""A draw inside another draw's arguments: the inner one is only fixable once the outer is
a TensorFlow op, so the engine needs a second pass (no exercise: the length itself is random)."""
import numpy as np
import tensorflow as tf


@tf.function
def ragged_noise():
    return np.random.normal(size=np.random.randint(1, 4))
