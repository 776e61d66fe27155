import tensorflow as tf


@tf.function
def merge(inputs):
    outs = []
    for x in inputs:  # a Python list of tensors: the loop is unrolled at trace time
        outs.append(x * 2.0)
    return tf.concat(outs, axis=0)


@tf.function
def halves(x):
    parts = []
    for piece in tf.split(x, 2):  # tf.split returns a Python list
        parts.append(piece + 1.0)
    return tf.stack(parts)


def exercise():
    return [merge([tf.ones([2]), tf.ones([3])]), halves(tf.range(4.0))]
