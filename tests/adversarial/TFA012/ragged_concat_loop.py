"""A loop over tf.range (a tf.while_loop) collects pieces of growing length and concatenates them.

The original fails in graph mode; a TensorArray with infer_shape=True would reject the second,
longer piece. The rewrite must concatenate pieces of different lengths.
"""
import tensorflow as tf


@tf.function
def prefixes(x):
    pieces = []
    for i in tf.range(tf.shape(x)[0]):
        pieces.append(x[: i + 1])
    return tf.concat(pieces, axis=0)


def exercise():
    return [prefixes(tf.range(4.0) * k) for k in (1.0, 2.0)]
