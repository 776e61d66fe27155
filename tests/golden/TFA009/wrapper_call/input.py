import tensorflow as tf


def mean(x):
    return tf.reduce_mean(x)


fast_mean = tf.function(mean, experimental_relax_shapes=True)


def exercise():
    return [fast_mean(tf.range(n, dtype=tf.float32)) for n in (4, 8, 16)]
