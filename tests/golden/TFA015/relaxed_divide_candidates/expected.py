import tensorflow as tf


@tf.function(reduce_retracing=True)
def column_mean(x):
    # `x`'s dtype is not in the code: one candidate cast per dtype, the first written
    # without execution; `fix --verify` keeps the one the eager run confirms.
    return tf.divide(tf.reduce_sum(x, axis=0), tf.cast(tf.shape(x)[0], tf.float32))


def exercise():
    return [column_mean(tf.ones([k, 2]) * k) for k in (1, 2, 3)]
