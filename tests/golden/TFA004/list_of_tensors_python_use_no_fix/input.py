import tensorflow as tf


@tf.function
def widths(views):
    # iterates the list: each view's dimensions may be read as Python values
    total = 0
    for v in views:
        total += v.shape[0]
    return tf.stack(views) * 0.0 + total


def exercise():
    return [widths([tf.ones([batch, 2]), tf.ones([batch, 2])]) for batch in (2, 3, 4)]
