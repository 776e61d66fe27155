"""A coin that picks a branch AutoGraph cannot turn into a tf.cond: the step function of
`tf.scan` (not converted), branches giving an int and a float, and branches picking a layer
that is called afterwards. The `if` becomes the explicit op."""
import random

import tensorflow as tf

flip = tf.keras.layers.Lambda(lambda t: t[:, ::-1])
keep = tf.keras.layers.Lambda(lambda t: t)


def step(total, x):
    if random.random() < 0.5:
        return total + x
    return total


@tf.function
def random_sum(xs):
    return tf.scan(step, xs, initializer=0.0)[-1]


@tf.function
def jitter(x):
    if random.random() < 0.25:
        factor = 2
    else:
        factor = 0.5
    return x * factor


@tf.function
def augment(x):
    if random.random() < 0.5:
        op = flip
    else:
        op = keep
    return op(x)


def exercise():
    x = tf.constant([[1.0, 2.0]])
    return (
        [random_sum(tf.ones([4])) for _ in range(600)],
        [jitter(tf.constant(3.0)) for _ in range(600)],
        [augment(x)[0, 0] for _ in range(600)],
    )
