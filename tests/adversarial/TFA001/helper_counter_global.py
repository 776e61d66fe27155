"""A helper that keeps a per-call accumulator sized like its input, called twice per step.

The lazy module-level singleton must be re-initialised on every call (fresh-variable
semantics), and the generated `global` must not be reported by TFA012.
"""
import tensorflow as tf


def smooth(x):
    state = tf.Variable(tf.zeros_like(x))
    state.assign(0.5 * state + x)
    return state.read_value()


@tf.function
def step(x):
    return smooth(x) + smooth(x * 2.0)


def exercise():
    return [step(tf.constant([1.0, 2.0])), step(tf.constant([3.0, 4.0]))]
