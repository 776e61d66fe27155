"""An RNN-like loop over tf.range updates a tf.Variable state and appends the variable itself.

Eagerly the list holds the same variable object every step, so tf.stack
reads its final value each time; a TensorArray write records each step's value.
"""
# expect: unsafe-declined
# (a TensorArray of a variable's reads is not a list of its snapshots: execution refuses every candidate)
import tensorflow as tf

state = tf.Variable(0.0)


@tf.function(input_signature=[tf.TensorSpec([None])])
def run(xs):
    state.assign(0.0)
    trajectory = []
    for i in tf.range(tf.shape(xs)[0]):
        state.assign(state * 0.5 + xs[i])
        trajectory.append(state)
    return tf.stack(trajectory)


def exercise():
    return [run(tf.constant([1.0, 2.0, 3.0]))]
