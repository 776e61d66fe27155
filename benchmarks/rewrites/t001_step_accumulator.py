"""A step that sums its batch loss into a fresh accumulator variable on each call."""
import tensorflow as tf


@tf.function
def batch_total(x):
    total = tf.Variable(0.0)
    for row in x:
        total.assign_add(tf.reduce_sum(row))
    return total.read_value()


def exercise():
    return [float(batch_total(tf.ones([3, 2]) * k)) for k in range(1, 4)]
