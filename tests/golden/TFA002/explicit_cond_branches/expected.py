"""A coin that picks a branch AutoGraph cannot turn into a tf.cond: the step function of
`tf.scan` (not converted), branches giving an int and a float, and branches picking a layer
that is called afterwards. The `if` becomes the explicit op."""

import tensorflow as tf

flip = tf.keras.layers.Lambda(lambda t: t[:, ::-1])
keep = tf.keras.layers.Lambda(lambda t: t)


def step(total, x):
    return tf.cond(tf.random.uniform([]) < 0.5, lambda: total + x, lambda: total)


@tf.function
def random_sum(xs):
    return tf.scan(step, xs, initializer=0.0)[-1]


@tf.function
def jitter(x):
    factor = tf.cast(
        tf.cond(tf.random.uniform([]) < 0.25, lambda: 2.0, lambda: 0.5), x.dtype
    )
    return x * factor


@tf.function
def augment(x):
    return tf.cond(tf.random.uniform([]) < 0.5, lambda: flip(x), lambda: keep(x))


def exercise():
    x = tf.constant([[1.0, 2.0]])
    return (
        [random_sum(tf.ones([4])) for _ in range(600)],
        [jitter(tf.constant(3.0)) for _ in range(600)],
        [augment(x)[0, 0] for _ in range(600)],
    )
