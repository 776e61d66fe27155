"""An f-string log line of a float64 tensor with high precision in each step.

print(f"loss={loss}") shows the eager tensor's repr; tf.print shows the value
with its own precision — the printed number must be the same number.
"""
import tensorflow as tf


@tf.function
def step(x):
    loss = tf.reduce_sum(x) / 3.0
    print(f"loss={loss}")
    return loss


def exercise():
    return [step(tf.constant([1.0, 1.0, 0.0000001], tf.float64)), step(tf.constant([2.0, 0.1, 0.2], tf.float64))]
