"""The message formats tensors (`f"loss {loss} > {limit}"`): evaluated at trace time from symbolic
tensors, not on failure; two tensors of one dtype compared, in a method reading a threshold
from `self` as a tensor; float64 values. Checks pass, so values must match."""
import tensorflow as tf


class Guard(tf.Module):
    def __init__(self):
        super().__init__()
        self.limit = tf.constant(100.0, tf.float64)

    @tf.function
    def __call__(self, x):
        loss = tf.reduce_sum(x * x)
        assert loss < self.limit, f"loss {loss} > {self.limit}"
        return loss


def exercise():
    guard = Guard()
    return [guard(tf.constant([1.0, 2.0], tf.float64)), guard(tf.constant([3.0], tf.float64))]
