import tensorflow as tf


def add_noise(element):
    return element + tf.cast(tf.random.normal([], 0.0, 0.5), element.dtype)


@tf.function
def noisy(batch):
    return tf.map_fn(add_noise, batch)


def exercise():
    # Frozen, every element of every call gets the same noise.
    return [noisy(tf.zeros([50])) for _ in range(12)]
