import tensorflow as tf


@tf.function(reduce_retracing=True)
def flatten(x):
    return tf.reshape(x, [tf.shape(x)[0], -1]) * 2.0


def exercise():
    return [flatten(tf.ones([n, 2, 2]) * n) for n in (2, 3, 4)]
