import tensorflow as tf


@tf.function
def sample(x):
    low = x + tf.cast(tf.random.uniform([], 2.0, 5.0), x.dtype)
    return low, x * tf.cast(tf.random.normal([], 1.0, 2.0), x.dtype)


def exercise():
    return [sample(tf.constant(1.0)) for _ in range(300)]
