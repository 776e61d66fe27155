"""A TD-target detached with tf.constant(q.numpy()) in a custom training step.

Eagerly `.numpy()` cuts the gradient (the target is a constant); tf.identity(q)
lets it flow, so the update changes.
"""
import tensorflow as tf

w = tf.Variable([[0.5], [-0.25]])


def q_values(obs):
    return tf.matmul(obs, w)


@tf.function
def train_step(obs, next_obs, reward):
    with tf.GradientTape() as tape:
        target = reward + 0.9 * tf.constant(q_values(next_obs).numpy(), tf.float32)
        loss = tf.reduce_mean((q_values(obs) - target) ** 2)
    grad = tape.gradient(loss, w)
    w.assign_sub(0.1 * grad)
    return loss


def exercise():
    obs = tf.constant([[1.0, 0.0], [0.0, 1.0]])
    nxt = tf.constant([[1.0, 1.0], [2.0, 0.0]])
    r = tf.constant([[1.0], [0.0]])
    losses = [train_step(obs, nxt, r) for _ in range(3)]
    return losses, w.read_value()
