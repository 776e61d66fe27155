"""A `while` on a tensor that also counts iterations in a Python int, then
indexes a Python list with the count.

As a tf.while_loop the counter becomes a tensor: `LEVELS[steps]` then raises.
"""
import tensorflow as tf

LEVELS = ["fine", "coarse", "coarser", "coarsest", "flat", "flat", "flat"]


@tf.function(autograph=False)
def pyramid_level(x):
    steps = 0
    while tf.reduce_max(x) > 1.0:
        x = x / 2.0
        steps += 1
    return x, tf.constant(LEVELS[steps])


def exercise():
    return [pyramid_level(tf.constant([3.0, 0.5])), pyramid_level(tf.constant([9.0]))]
