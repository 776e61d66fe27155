"""A draw that picks an entry of a constant table: a tensor cannot index a Python list or be a
dict key, so the lookup becomes `tf.gather` over the entries the draw can pick (the list itself
when the draw's values are its positions; the dict's rates, weighted by `p=`, for the keys)."""
import tensorflow as tf

SCALES = [0.5, 1.0, 2.0]
RATES = {1: 0.1, 2: 0.2}


@tf.function
def rescale(x):
    return x * tf.cast(
        tf.gather(SCALES, tf.random.uniform([], 0, 3, dtype=tf.int32)), x.dtype
    )


@tf.function
def dropout_rate(x):
    return x * tf.cast(
        tf.gather(
            [0.1, 0.2],
            tf.random.categorical(tf.math.log([[0.75, 0.25]]), 1, dtype=tf.int32)[0, 0],
        ),
        x.dtype,
    )


@tf.function
def offset(x):
    return x + tf.cast(
        tf.gather([20, 30], tf.random.uniform([], 0, 2, dtype=tf.int32)), x.dtype
    )


def exercise():
    x = tf.constant(1.0)
    return [rescale(x) for _ in range(600)], [dropout_rate(x) for _ in range(600)], [offset(x) for _ in range(600)]
