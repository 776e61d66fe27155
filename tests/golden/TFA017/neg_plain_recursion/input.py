import tensorflow as tf


def power(x, n):
    """Recursion on a Python int, unrolled once when the tf.function is traced."""
    return tf.ones_like(x) if n == 0 else x * power(x, n - 1)


@tf.function
def cube(x):
    return power(x, 3)
