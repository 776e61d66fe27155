import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def pad(x):
    width = x.shape[1]  # fixed by the signature: fine
    return tf.concat([x, tf.zeros([x.shape[0], width])], axis=1)


def exercise():
    return [pad(tf.ones([n, 3]) * n) for n in (1, 2, 4)]
