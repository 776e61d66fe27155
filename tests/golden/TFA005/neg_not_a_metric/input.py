import tensorflow as tf


def make_counter(start):
    counter = tf.Variable(start)
    return counter


def step_count(optimizer):
    global last_seen
    last_seen = optimizer.iterations
    return last_seen
