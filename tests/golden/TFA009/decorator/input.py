import tensorflow as tf


@tf.function(experimental_relax_shapes=True)
def total(x):
    return tf.reduce_sum(x, axis=0)


def exercise():
    return [total(tf.ones([batch, 3])) for batch in (8, 16, 32)]
