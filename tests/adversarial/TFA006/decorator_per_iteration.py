"""A decorator evaluated from the loop variable: `@tf.function(jit_compile=flag)`.

Decorators run when the `def` runs; hoisting the definition would use one flag for all.
The rule may report it, but must not move it.
"""
import tensorflow as tf


def run_both(x):
    out = []
    for flag in (False, None):
        @tf.function(jit_compile=flag)
        def double(y):
            return y * 2.0

        out.append(double(x))
    return out


def exercise():
    return run_both(tf.constant([1.0, 3.0]))
