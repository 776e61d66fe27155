"""A learning-rate decay receives the step as a Python int: `tf.pow(0.96, step)`.

As a Python int the step adopts float32 inside tf.pow; as an int32 TensorSpec it raises a
TypeError (`x` float32 vs `y` int32). The signature must not turn `step` into a tensor.
"""
import tensorflow as tf


@tf.function
def decayed_lr(base, step):
    return base * tf.pow(0.96, step)


def exercise():
    base = tf.constant(0.1)
    return [decayed_lr(base, step) for step in range(4)]


if __name__ == "__main__":
    exercise()
