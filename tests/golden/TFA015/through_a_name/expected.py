import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2, 3], tf.float32)])
def flatten(data):
    batch_size = tf.shape(data)[0]
    return tf.reshape(data, [batch_size, 6]) * 2.0


def exercise():
    return [flatten(tf.ones([n, 2, 3])) for n in (1, 2, 4)]
