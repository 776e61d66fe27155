import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 5], dtype=tf.float32)])
def step(x):
    return tf.reduce_sum(x * 2.0, axis=1)


def exercise():
    return [step(tf.ones([batch, 5]) * batch) for batch in (10, 20, 10, 30)]
