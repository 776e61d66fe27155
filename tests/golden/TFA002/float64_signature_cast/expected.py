"""A float64 tensor (declared by its input_signature) meets a float draw in arithmetic and in
`tf.maximum`: the draw must take the float64 dtype, as the Python number did."""

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([2], tf.float64)])
def perturb(x):
    y = x * tf.cast(tf.random.uniform([], 0.5, 1.5), x.dtype)
    return tf.maximum(y, tf.cast(tf.random.normal([]), y.dtype))


def exercise():
    return [perturb(tf.constant([1.0, 2.0], tf.float64)) for _ in range(600)]
