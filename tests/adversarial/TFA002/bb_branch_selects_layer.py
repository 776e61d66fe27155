"""A random branch picks which Python object (a layer) to apply.

With `random.random() < 0.5` turned into a tensor, AutoGraph makes the `if` a
tf.cond whose branches yield layers, not tensors.
"""
# expect: a right rewrite, chosen by execution (fix --verify)
import random

import tensorflow as tf

flip = tf.keras.layers.Lambda(lambda t: t[:, ::-1])
keep = tf.keras.layers.Lambda(lambda t: t)


@tf.function
def augment(x):
    if random.random() < 0.5:
        op = flip
    else:
        op = keep
    return op(x)


def exercise():
    x = tf.constant([[1.0, 2.0]])
    return [augment(x)[0, 0] for _ in range(500)]
