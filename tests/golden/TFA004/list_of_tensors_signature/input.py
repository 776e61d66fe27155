import tensorflow as tf


@tf.function
def fuse(views):
    # always 3 views, the batch varies: a list of 3 specs with a None batch
    return tf.reduce_max(tf.stack(views, axis=1), axis=1) * len(views)


@tf.function
def merged(parts):
    # a tuple of three tensors, one of them always one row
    return tf.concat(parts, axis=0) * 2.0


def exercise():
    out = []
    for batch in (4, 7, 9, 4):
        views = [tf.ones([batch, 6]) * i for i in range(3)]
        out.append((fuse(views), merged((tf.ones([batch, 2]), tf.zeros([1, 2]), tf.ones([batch, 2])))))
    return out
