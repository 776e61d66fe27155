import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def total(x):
    return tf.reduce_sum(x)


def exercise():
    return [total(tf.ones([n])) for n in (2, 3)]
