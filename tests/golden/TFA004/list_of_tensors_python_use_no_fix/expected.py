import tensorflow as tf


@tf.function(input_signature=[[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)] * 2])
def widths(views):
    # iterates the list: each view's dimensions may be read as Python values
    total = 0
    for v in views:
        total += tf.shape(v)[0]
    return tf.stack(views) * 0.0 + tf.cast(total, tf.float32)


def exercise():
    return [widths([tf.ones([batch, 2]), tf.ones([batch, 2])]) for batch in (2, 3, 4)]
