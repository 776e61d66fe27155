"""TFA006: a `tf.function` created inside a loop starts with an empty cache every time.

Run: python examples/function_in_loop.py   (4 traces for 4 steps; after the fix, 1)
Fix: tfautofix fix --write examples/
"""

import tensorflow as tf


def train_step(x):
    return tf.reduce_mean(x * x)


def exercise():
    losses = []
    for i in range(4):
        step = tf.function(train_step)
        losses.append(step(tf.fill([8], float(i))))
    return losses


if __name__ == "__main__":
    from tensorflow.python.eager.polymorphic_function import tracing_compilation

    traces = 0
    create = tracing_compilation._create_concrete_function

    def counting(*args, **kwargs):
        global traces
        traces += 1
        return create(*args, **kwargs)

    tracing_compilation._create_concrete_function = counting
    exercise()
    print("traces:", traces)
