import tensorflow as tf


@tf.function
def scale(x, k):
    return x * k  # a Python int adopts x's dtype; an int32 tensor would not


def run():
    return [scale(tf.ones([2]), tf.constant(k, dtype=tf.float32)) for k in range(3)]
