import tensorflow as tf

cache = {}


def remember(key, value):
    cache[key] = value
    return value


@tf.function
def encode(x):
    return remember("last", x + 1.0)
