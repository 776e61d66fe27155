"""A global step beyond int32, passed per call and cast to int64 inside.

`tf.constant(step)` of 2**31 + i is int64 (it does not fit int32) — the fix
must keep the value.
"""
import tensorflow as tf


@tf.function
def stamp(x, step):
    return tf.cast(step, tf.int64) + tf.cast(x, tf.int64)


def exercise():
    base = 2**31
    return [stamp(tf.constant(1), base + i) for i in range(3)]
