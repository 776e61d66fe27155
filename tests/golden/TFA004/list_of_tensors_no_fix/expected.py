import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def total(xs):
    # one trace per list length: a stacked tensor would trace once
    return tf.reduce_sum(xs, axis=0) / tf.cast(tf.shape(xs)[0], tf.float32)


@tf.function(
    input_signature=[
        tf.RaggedTensorSpec(
            shape=[None, None],
            dtype=tf.float32,
            ragged_rank=1,
            row_splits_dtype=tf.int32,
        ),
    ],
)
def lengths(rows):
    return tf.map_fn(tf.reduce_sum, rows, fn_output_signature=tf.float32)


def exercise():
    out = [total([tf.ones([3]) * i for i in range(1, n + 1)]) for n in (2, 3, 4)]
    out += [
        lengths(tf.ragged.stack([tf.ones([k]) for k in range(1, n + 1)]))
        for n in (1, 2, 3)
    ]
    return out
