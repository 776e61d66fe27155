import tensorflow as tf


def labels(image_batch):
    return tf.ones((tf.shape(image_batch)[0], 1)) * tf.reduce_mean(image_batch)


labels = tf.function(labels, reduce_retracing=True)


def exercise():
    return [labels(tf.fill([n, 4], 0.5 * n)) for n in (2, 3, 4, 3)]
