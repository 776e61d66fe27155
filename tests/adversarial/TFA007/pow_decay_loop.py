"""An exponential decay schedule called per step with the Python step: tf.pow(0.96, step).

tf.constant(step) is int32 and tf.pow(0.96, <int32>) raises; as a Python int it adopts float32.
"""
import tensorflow as tf


@tf.function
def lr_at(base, step):
    return base * tf.pow(0.96, step)


def exercise():
    base = tf.constant(0.1)
    return [lr_at(base, step) for step in range(5)]
