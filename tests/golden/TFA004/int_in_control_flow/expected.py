import tensorflow as tf


@tf.function(
    input_signature=[
        tf.TensorSpec(shape=[], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.int32),
    ],
)
def repeat(x, times):
    for _ in range(times):  # a Python loop: unrolled once per value of `times`
        x = x * 2.0
    return x


def exercise():
    return [repeat(tf.constant(1.0), times) for times in (1, 2, 3)]
