"""Exponential decay of the learning rate, epoch by epoch."""
import tensorflow as tf


@tf.function
def decayed(lr, epoch):
    return lr * tf.pow(0.96, epoch)


def exercise():
    lr = tf.constant(0.01)
    out = []
    for epoch in range(15):
        out.append(decayed(lr, epoch).numpy())
    return out
