import tensorflow as tf


def train_step(x):
    return tf.reduce_sum(x * x)


def exercise():
    losses = []
    for i in range(4):
        step = tf.function(train_step)
        losses.append(step(tf.fill([3], float(i))))
    return losses
