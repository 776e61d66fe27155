import tensorflow as tf


@tf.function
def score(features):
    # a feature dict whose batch varies: one spec per key
    return features["a"] * 2.0 + tf.cast(features["b"], tf.float32)


@tf.function
def row_means(rt):
    # ragged batches with 2, 3, 1 rows: a tf.RaggedTensorSpec, not a TensorSpec
    return tf.reduce_mean(rt, axis=1)


@tf.function
def first_width(features):
    # reads an item's static shape: the dict's spec would make it None
    return features["a"] * features["a"].shape[0]


def exercise():
    out = [score({"a": tf.ones([n]), "b": tf.range(n)}) for n in (2, 3, 4)]
    out += [row_means(tf.ragged.constant(rows)) for rows in ([[1.0, 2.0], [3.0]], [[1.0], [2.0, 4.0], [5.0]], [[1.0]])]
    out += [first_width({"a": tf.ones([n])}) for n in (2, 3, 4)]
    return out
