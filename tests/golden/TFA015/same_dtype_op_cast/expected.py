import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float64)])
def column_mean(x):
    # The Python int converted to the other operand's dtype (float64, from the signature)
    # and to the draw's `dtype=`: the int32 `tf.shape` is cast to each.
    ids = tf.random.uniform(
        [2], maxval=tf.cast(tf.shape(x)[0], tf.int64), dtype=tf.int64
    )
    n = tf.convert_to_tensor(tf.cast(tf.shape(x)[0], tf.float32), dtype=tf.float32)
    return (
        tf.math.divide(tf.reduce_sum(x, axis=0), tf.cast(tf.shape(x)[0], tf.float64)),
        n,
        tf.reduce_all(ids < 5),
    )


def exercise():
    return [column_mean(tf.ones([k, 2], tf.float64) * k) for k in (1, 2, 5)]
