"""Globals the traced code uses as Python data (a loop count, a slice bound): a tensor cannot
replace them, so the stale reads are reported without a fix."""
import tensorflow as tf

REPEATS = 1
WIDTH = 1


@tf.function
def unrolled(x):
    for _ in range(REPEATS):
        x = x * 2.0
    return x


@tf.function
def head(x):
    return x[:WIDTH]


for step in range(3):
    REPEATS = step + 1
    WIDTH = step + 1
    unrolled(tf.constant([1.0, 2.0, 3.0]))
    head(tf.constant([1.0, 2.0, 3.0]))
