import tensorflow as tf


def scale(value, factor):
    return value * factor


@tf.function
def step(x):
    # An int32 tensor only mixes with int tensors: right here, unsafe in general.
    repeated = x * tf.cast(tf.random.uniform([], 1, 4, dtype=tf.int32), x.dtype)
    as_float = tf.cast(x, tf.float32)
    # NumPy would draw one value per element if `as_float` were an array.
    centred = tf.random.normal([], as_float, 1.0)
    return repeated, scale(as_float, tf.random.uniform([])), centred


def exercise():
    return [step(tf.constant(2)) for _ in range(200)]
