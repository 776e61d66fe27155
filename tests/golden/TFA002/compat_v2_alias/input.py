"""`tf` is `tensorflow.compat.v2` (as in TensorFlow Probability, Keras 2 sources): the fix reuses
that alias instead of adding `import tensorflow`."""
import random

import tensorflow.compat.v2 as tf


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def scale(x):
    return x * random.uniform(0.5, 1.5)


def exercise():
    return [scale(tf.constant([1.0, 2.0])) for _ in range(600)]
