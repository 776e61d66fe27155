"""Greedy decoding that appends one token per step (autograph disabled)."""
import tensorflow as tf


@tf.function(autograph=False)
def decode(start, limit):
    tokens = tf.reshape(start, [1])
    while tf.reduce_sum(tokens) < limit:
        tokens = tf.concat([tokens, tokens[-1:] + 1], axis=0)
    return tokens


def exercise():
    return [decode(tf.constant(1), tf.constant(limit)).numpy() for limit in (5, 12, 30)]
