import tensorflow as tf


@tf.function
def head_mean(x, n):
    return tf.reduce_sum(tf.gather(x, tf.range(n))) / tf.cast(
        n, tf.float32
    )  # int32 in tf.range, float32 in the division


@tf.function(autograph=False)
def repeat(x, n):
    for _ in range(n):  # a Python loop, even for a tensor (no AutoGraph): unrolled once per value
        x = x * 2.0
    return x


def exercise():
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    return ([head_mean(x, tf.constant(n, dtype=tf.int32)) for n in range(1, 4)]
            + [repeat(x, n) for n in range(1, 4)])
