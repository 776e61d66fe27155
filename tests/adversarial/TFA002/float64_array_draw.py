"""NumPy array draws (`size=`) used alone: `np.random.normal(0, 0.1, size=(3,))` is a float64
array and `np.random.randint(0, 4, size=3)` an int64 one, so eagerly the tensors made of them are
float64 and int64. The tf.random ops give float32 and int32: a safe rewrite changes dtypes
(scalar draws are Python numbers, which TensorFlow makes float32/int32: those are right).
"""
import numpy as np
import tensorflow as tf


@tf.function
def jitter(x):
    noise = tf.convert_to_tensor(np.random.normal(0.0, 0.1, size=(3,)))
    return noise, tf.reduce_sum(x)


@tf.function
def random_labels(x):
    return tf.identity(np.random.randint(0, 4, size=3)), tf.reduce_sum(x)


def exercise():
    x = tf.constant([1.0, 2.0, 3.0])
    return [jitter(x), jitter(x), random_labels(x), random_labels(x)]
# expect: a right rewrite, chosen by execution (fix --verify)
