import tensorflow as tf


@tf.function(
    input_signature=[
        {
            "a": tf.TensorSpec(shape=[None], dtype=tf.float32),
            "b": tf.TensorSpec(shape=[None], dtype=tf.int32),
        },
    ],
)
def score(features):
    # a feature dict whose batch varies: one spec per key
    return features["a"] * 2.0 + tf.cast(features["b"], tf.float32)


@tf.function(
    input_signature=[
        tf.RaggedTensorSpec(
            shape=[None, None],
            dtype=tf.float32,
            ragged_rank=1,
            row_splits_dtype=tf.int64,
        ),
    ],
)
def row_means(rt):
    # ragged batches with 2, 3, 1 rows: a tf.RaggedTensorSpec, not a TensorSpec
    return tf.reduce_mean(rt, axis=1)


def exercise():
    out = [score({"a": tf.ones([n]), "b": tf.range(n)}) for n in (2, 3, 4)]
    out += [row_means(tf.ragged.constant(rows)) for rows in ([[1.0, 2.0], [3.0]], [[1.0], [2.0, 4.0], [5.0]], [[1.0]])]
    return out
