import tensorflow as tf


@tf.function(autograph=False)
def halve_until_small(x):
    steps = tf.constant(0)

    def _loop_body(x, steps):
        x = x / 2.0
        steps += 1
        return x, steps

    x, steps = tf.while_loop(
        lambda x, steps: tf.reduce_max(tf.abs(x)) > 1.0, _loop_body, (x, steps)
    )
    return x, steps


@tf.function(autograph=False)
def power_sum(x, n):
    i = tf.constant(0)
    total = tf.zeros_like(x)

    def _loop_body(total, i):
        term = x ** tf.cast(i, tf.float32)
        total = total + term
        i = i + 1
        return total, i

    total, i = tf.while_loop(lambda total, i: i < n, _loop_body, (total, i))
    return total


def exercise():
    return [
        halve_until_small(tf.constant([40.0, -3.0])),
        halve_until_small(tf.constant([0.5])),
        power_sum(tf.constant([2.0, 3.0]), tf.constant(4)),
        power_sum(tf.constant([2.0]), tf.constant(0)),
    ]
