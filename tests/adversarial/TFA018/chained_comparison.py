"""A chained comparison `0.0 <= tf.reduce_min(p) <= 1.0` on a scalar: Python evaluates it as
`(0.0 <= m) and (m <= 1.0)`, asking `bool()` of the first tensor — so `tf.debugging.Assert` of
the same expression fails while tracing just like the `assert` did. A fix must split it (or not
be offered)."""
import tensorflow as tf


@tf.function
def check_probs(p):
    assert 0.0 <= tf.reduce_min(p) <= 1.0, "probabilities out of range"
    return p / tf.reduce_sum(p)


def exercise():
    return [check_probs(tf.constant([0.2, 0.3, 0.5])), check_probs(tf.constant([0.5, 0.5]))]
