import tensorflow as tf


@tf.function
def centred(x):
    return x - tf.reduce_mean(x, axis=0)


def exercise():
    return [centred(tf.constant([[1.0, 2.0], [3.0, 5.0 + i]])) for i in range(3)]
