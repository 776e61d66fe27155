import tensorflow as tf


@tf.function
def jitter(x):
    return x + tf.cast(tf.random.uniform([], -1.0, 1.0), x.dtype)


def exercise():
    return [jitter(tf.constant(0.0)) for _ in range(500)]
