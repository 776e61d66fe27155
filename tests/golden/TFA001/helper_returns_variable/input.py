import tensorflow as tf


def make_total(x):
    total = tf.Variable(tf.zeros_like(x))
    total.assign_add(x)
    return total


@tf.function
def double_total(x):
    return make_total(x) * 2.0


def exercise():
    return [double_total(tf.constant([1.0, 2.0]) * i) for i in range(3)]
