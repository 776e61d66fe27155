import tensorflow as tf


@tf.function
def draws():
    return {
        "exponential": tf.random.gamma([], 1.0, 1 / 2.0),
        "gamma": tf.random.gamma([], 2.0, 1 / 3.0),
        "lognormal": tf.exp(tf.random.normal([], 0.0, 0.5)),
        "poisson": tf.random.poisson([3], 3.0, dtype=tf.int32),
        "integers": tf.random.uniform([2], 0, 5, dtype=tf.int32),
    }


def exercise():
    return [draws() for _ in range(150)]
