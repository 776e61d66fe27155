import tensorflow as tf

TABLE = tf.reshape(tf.range(24, dtype=tf.float32), [4, 6])


@tf.function
def row_total(i):
    return tf.reduce_sum(TABLE[i]) + tf.reduce_sum(TABLE[:, i + 1])


def exercise():
    return [row_total(i) for i in range(3)]
