"""TFA008: `print` inside a tf.function runs once, at trace time, not on every call.

Run: python examples/print_in_step.py   (prints "loss" once instead of 3 times)
Fix: tfautofix fix --write examples/
"""

import tensorflow as tf


@tf.function
def train_step(x):
    loss = tf.reduce_mean(x * x)
    print("loss", loss)
    return loss


def exercise():
    return [train_step(tf.fill([4], float(i))) for i in range(3)]


if __name__ == "__main__":
    exercise()
    print("traces:", train_step.experimental_get_tracing_count())
