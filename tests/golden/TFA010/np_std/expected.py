import tensorflow as tf


@tf.function
def standardize(x):
    return (x - tf.reduce_mean(x, axis=0)) / tf.math.reduce_std(x, axis=0)


def exercise():
    return [standardize(tf.constant([[1.0, 2.0], [0.5, 3.0], [4.0, 9.0]])), standardize(tf.ones([2, 2]) * tf.range(2.0) + 1.0)]
