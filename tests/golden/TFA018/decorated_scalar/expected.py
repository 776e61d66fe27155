import tensorflow as tf


@tf.function
def step(x):
    tf.debugging.Assert(
        tf.reduce_sum(x) > 0.0, ["empty batch"]
    )  # checked on every call
    tf.debugging.Assert(tf.size(x) <= 8, ["assert tf.size(x) <= 8"])
    return x * 2


def exercise():
    return [step(tf.fill([3], float(i))) for i in range(1, 4)]
