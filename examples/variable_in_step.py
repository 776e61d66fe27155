"""TFA001: a `tf.Variable` created inside a tf.function makes the first call fail.

Run: python examples/variable_in_step.py
     (ValueError: tf.function only supports singleton tf.Variables created on the first call)
Fix: tfautofix fix --write examples/   (then it prints [0.0, 12.0, 24.0] and 1 trace)
"""

import tensorflow as tf


@tf.function
def weighted_sum(x):
    total = tf.Variable(0.0)
    for i in range(3):
        total.assign_add(tf.reduce_sum(x) * i)
    return total.read_value()


def exercise():
    return [weighted_sum(tf.fill([4], float(i))) for i in range(3)]


if __name__ == "__main__":
    print([float(v) for v in exercise()])
    print("traces:", weighted_sum.experimental_get_tracing_count())
