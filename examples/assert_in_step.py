"""TFA018: `assert` on a tensor inside a tf.function fails while tracing (AutoGraph leaves `assert` alone).

Run: python examples/assert_in_step.py   (fails: "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed")
Fix: tfautofix fix --write examples/   (`tf.debugging.Assert` checks it on every call)
"""

import tensorflow as tf


@tf.function
def train_step(x):
    loss = tf.reduce_mean(x * x)
    assert loss >= 0.0, "a squared mean cannot be negative"
    return loss


def exercise():
    return [train_step(tf.fill([4], float(i))) for i in range(3)]


if __name__ == "__main__":
    exercise()
    print("traces:", train_step.experimental_get_tracing_count())
