import tensorflow as tf
from tensorflow import function as compile_fn
from tensorflow import math


def mean(values):
    return math.reduce_mean(values)


fast_mean = compile_fn(
    mean, input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)]
)


def exercise():
    import tensorflow

    return [fast_mean(tensorflow.range(n, dtype=tensorflow.float32)) for n in (4, 8, 16)]
