"""Step-size halving until the residual is small (autograph off)."""
import tensorflow as tf


@tf.function(autograph=False)
def shrink(step):
    while tf.reduce_max(tf.abs(step)) > 0.01:
        step = step * 0.5
    return step


def exercise():
    return [shrink(tf.constant(v)).numpy() for v in ([1.0, -3.0], [0.001, 0.0])]
