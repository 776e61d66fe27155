"""A Python `if` on a scalar string tensor in an autograph=False function.

Python's truth test of a string is "non-empty"; tf.cast(string, tf.bool) does
not exist.
"""
import tensorflow as tf


@tf.function(autograph=False)
def tag_or_default(tag):
    tag = tf.strings.strip(tag)
    if tag:
        out = tf.strings.upper(tag)
    else:
        out = tf.constant("UNKNOWN")
    return out


def exercise():
    return [tag_or_default(tf.constant(" cat ")), tag_or_default(tf.constant("   "))]
