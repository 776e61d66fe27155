import tensorflow as tf


@tf.function(autograph=False)
def repeat(x, n):
    def loop_body(
        _, x
    ):  # a Python loop, even for a tensor (no AutoGraph): unrolled once per value
        x = x * 2.0
        return _ + 1, x

    _, x = tf.while_loop(lambda _, x: _ < n, loop_body, [0, x])
    return x


def exercise():
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    return [repeat(x, tf.constant(n, dtype=tf.int32)) for n in range(1, 4)]
