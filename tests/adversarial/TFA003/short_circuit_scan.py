"""A scan that stops at the end of the vector: `i < n and v[i] <= t` must not read v[n].

tf.logical_and would evaluate both sides and index past the end (InvalidArgumentError);
only a short-circuit rewrite keeps Python's meaning.
"""
import tensorflow as tf


@tf.function(
    input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.float32)],
    autograph=False,
)
def count_at_most(values, threshold):
    i = tf.constant(0)
    n = tf.size(values)
    while i < n and tf.gather(values, i) <= threshold:
        i = i + 1
    return i


def exercise():
    v = tf.constant([0.5, 1.5, 2.5, 3.5])
    return [count_at_most(v, tf.constant(t)) for t in (0.0, 2.0, 10.0)]
