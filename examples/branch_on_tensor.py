"""TFA003: a Python `if`/`while` on a tensor fails when AutoGraph does not convert it.

Run: python examples/branch_on_tensor.py   (OperatorNotAllowedInGraphError: a symbolic
     tensor used as a Python bool)
Fix: tfautofix fix --write --unsafe-fixes examples/   (tf.cond / tf.while_loop)
"""

import tensorflow as tf


@tf.function(autograph=False)
def activation(x):
    if tf.reduce_mean(x) > 0.5:
        return tf.nn.relu(x)
    else:
        return tf.nn.sigmoid(x)


@tf.function(autograph=False)
def halve_until_small(x):
    steps = tf.constant(0)
    while tf.reduce_max(tf.abs(x)) > 1.0:
        x = x / 2.0
        steps += 1
    return x, steps


def exercise():
    return [
        activation(tf.constant([1.0, 3.0])),
        activation(tf.constant([-1.0, 1.0])),
        halve_until_small(tf.constant([40.0, -3.0])),
    ]


if __name__ == "__main__":
    print(exercise())
    print("traces:", activation.experimental_get_tracing_count() + halve_until_small.experimental_get_tracing_count())
