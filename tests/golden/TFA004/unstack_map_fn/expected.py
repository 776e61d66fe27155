import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def row_maxima(x):
    # a Python comprehension over tf.unstack needs the static batch size: tf.map_fn does not
    return tf.map_fn(tf.reduce_max, x)


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def row_spans(x):
    # along axis 0, spelled; an expression of the row (a lambda)
    return tf.map_fn(lambda row: tf.reduce_max(row) - tf.reduce_min(row), x)


def exercise():
    out = []
    for n in (2, 3, 4):
        x = tf.reshape(tf.range(n * 3, dtype=tf.float32), [n, 3])
        out.append((row_maxima(x), row_spans(x)))
    return out
