"""A float64 tensor (declared by its input_signature) meets a float draw in arithmetic and in
`tf.maximum`: the draw must take the float64 dtype, as the Python number did."""
import random

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([2], tf.float64)])
def perturb(x):
    y = x * random.uniform(0.5, 1.5)
    return tf.maximum(y, random.gauss(0.0, 1.0))


def exercise():
    return [perturb(tf.constant([1.0, 2.0], tf.float64)) for _ in range(600)]
