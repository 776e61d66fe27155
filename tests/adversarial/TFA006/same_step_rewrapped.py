"""The real hazard: the same training step re-wrapped on every epoch of a loop.

The step reads only variables and its arguments, so hoisting the wrapper is safe
and must give the same values with fewer traces.
"""
import tensorflow as tf

weights = tf.Variable([0.5, -0.5])


def train_step(x, lr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum((weights * x - 1.0) ** 2)
    weights.assign_sub(lr * tape.gradient(loss, weights))
    return loss


def exercise():
    losses = []
    for epoch in range(4):
        step = tf.function(train_step)
        losses.append(step(tf.constant([1.0, 2.0]), tf.constant(0.1)))
    return losses + [weights.read_value()]
