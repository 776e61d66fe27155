"""A random hash offset drawn over a range wider than int32.

`random.randint(0, 2**40)` is a Python int; `tf.random.uniform(..., dtype=tf.int32)`
cannot hold the bound.
"""
# expect: a right rewrite, chosen by execution (fix --verify)
import random

import tensorflow as tf


@tf.function
def salted(ids):
    salt = random.randint(0, 2**40)
    return tf.cast(ids, tf.int64) + salt


def exercise():
    ids = tf.constant([1, 2], tf.int64)
    return [salted(ids)[0] for _ in range(500)]
