import tensorflow as tf

WEIGHTS = [0.5, 1.0, 2.0]


@tf.function
def weighted(x, i):
    return x * tf.gather(
        tf.constant(WEIGHTS, dtype=tf.float32), i
    )  # a Python list: a tensor cannot index it


def exercise():
    x = tf.constant([1.0, 2.0])
    return [weighted(x, tf.constant(i, dtype=tf.int32)) for i in range(3)]
