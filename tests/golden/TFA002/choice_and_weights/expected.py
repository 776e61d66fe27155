import tensorflow as tf


@tf.function
def pick():
    return {
        "python": tf.gather([1, 2, 4], tf.random.uniform([], 0, 3, dtype=tf.int32)),
        "range": tf.random.uniform([], 0, 5, dtype=tf.int32),
        "weighted": tf.gather(
            [0.5, 1.5],
            tf.random.categorical(tf.math.log([[0.8, 0.2]]), 1, dtype=tf.int32)[0, 0],
        ),
    }


def exercise():
    return [pick() for _ in range(300)]
