"""Training loop that wraps its step in tf.function inside the epoch loop."""
import tensorflow as tf

w = tf.Variable(1.0)


def run(epochs):
    losses = []
    for epoch in range(epochs):
        step = tf.function(lambda x: tf.reduce_sum(x * w))
        losses.append(float(step(tf.constant([1.0, 2.0]))))
    return losses


def exercise():
    return run(6)
