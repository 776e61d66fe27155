import tensorflow as tf


@tf.function(autograph=False)
def repeat(x, n):
    for _ in range(n):  # a Python loop, even for a tensor (no AutoGraph): unrolled once per value
        x = x * 2.0
    return x


def exercise():
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    return [repeat(x, n) for n in range(1, 4)]
