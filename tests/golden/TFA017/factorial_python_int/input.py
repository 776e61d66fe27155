import tensorflow as tf


@tf.function
def factorial(n):
    if n <= 1:
        return tf.constant(1)
    return n * factorial(n - 1)

