import tensorflow as tf


def make_counter():
    return tf.Variable(0)


counter = tf.Variable(0.0)


@tf.function
def step(x):
    counter.assign_add(x)
    return counter.read_value()


def eager_only(x):
    fresh = tf.Variable(x)
    fresh.assign_add(1.0)
    return fresh.read_value()
