"""A per-call working copy of a model variable: `tf.Variable(w)` with `w` another variable.

The copy is never updated, so a rule that skips the re-initialisation for values that
"look constant" would keep the first call's snapshot of `w` while `w` keeps changing.
"""
import tensorflow as tf

weights = tf.Variable([1.0, 2.0])


@tf.function
def scaled(x):
    snapshot = tf.Variable(weights)
    return snapshot * x


def exercise():
    out = []
    for step in range(3):
        weights.assign_add([1.0, -1.0])
        out.append(scaled(tf.constant(float(step + 1))))
    return out
