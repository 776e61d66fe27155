import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def column_mean(x):
    ids = tf.random.uniform([2], maxval=x.shape[0], dtype=tf.int64)
    return tf.math.divide(tf.reduce_sum(x, axis=0), x.shape[0]), tf.maximum(tf.range(3), x.shape[0]), ids
