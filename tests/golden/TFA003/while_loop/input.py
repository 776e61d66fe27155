import tensorflow as tf


@tf.function(autograph=False)
def halve_until_small(x):
    steps = tf.constant(0)
    while tf.reduce_max(tf.abs(x)) > 1.0:
        x = x / 2.0
        steps += 1
    return x, steps


@tf.function(autograph=False)
def power_sum(x, n):
    i = tf.constant(0)
    total = tf.zeros_like(x)
    while i < n:
        term = x ** tf.cast(i, tf.float32)
        total = total + term
        i = i + 1
    return total


def exercise():
    return [
        halve_until_small(tf.constant([40.0, -3.0])),
        halve_until_small(tf.constant([0.5])),
        power_sum(tf.constant([2.0, 3.0]), tf.constant(4)),
        power_sum(tf.constant([2.0]), tf.constant(0)),
    ]
