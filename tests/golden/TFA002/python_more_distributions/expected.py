import tensorflow as tf


@tf.function
def draws():
    return {
        "below": tf.random.uniform([], 0, 10, dtype=tf.int32),
        "between": tf.random.uniform([], 2, 8, dtype=tf.int32),
        "normal": tf.random.normal([], 5.0, 2.0),
        "lognormal": tf.exp(tf.random.normal([], 0.0, 0.25)),
        "gamma": tf.random.gamma([], 3.0, 1 / 2.0),
    }


def exercise():
    return [draws() for _ in range(150)]
