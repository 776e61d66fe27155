import tensorflow as tf


@tf.function(
    input_signature=[
        tf.TensorSpec(shape=[None, 5], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.int32),
    ],
)
def scaled(x, n):
    return tf.reduce_sum(x, axis=-1) * tf.cast(n, tf.float32)


def exercise():
    # Traced with one batch size only, but a signature must not pin it: the last batch is smaller.
    out = [scaled(tf.ones([16, 5]), n) for n in range(3)]
    return out + [scaled(tf.ones([7, 5]), 3)]
