import tensorflow as tf


@tf.function
def pool_rows(x):
    batch = x.shape[0]  # None under the signature: becomes tf.shape(x)[0]
    pairs = tf.reshape(x, [batch // 2, 2, x.shape[-1]])  # the last dimension stays static
    counts = tf.fill([len(x) // 2], 2.0)
    weights = tf.cast(tf.range(x.get_shape()[0] // 2), tf.float32)
    return tf.reduce_sum(pairs, axis=1) / counts[:, None] + weights[:, None]


def exercise():
    return [pool_rows(tf.reshape(tf.range(n * 3, dtype=tf.float32), [n, 3])) for n in (2, 4, 6)]
