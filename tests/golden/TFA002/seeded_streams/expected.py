"""Draws from seeded streams: the module seeds `random`, and two generators are built from seeds.
Each stream gets one `tf.random.Generator.from_seed(...)` with the same seed, created once right
after it and shared by its draws; ops a generator lacks draw statelessly with seeds it makes.
`np.random` is not seeded here: its draw uses the global tf.random stream.
"""
import random

import numpy as np
import tensorflow as tf

random.seed(3)
tf_rng = tf.random.Generator.from_seed(3)
SEEDED = random.Random(42)
SEEDED_tf = tf.random.Generator.from_seed(42)
RNG = np.random.default_rng(7)
RNG_tf = tf.random.Generator.from_seed(7)


@tf.function
def draws(x):
    a = x + tf.cast(SEEDED_tf.uniform([]), x.dtype)
    b = x + tf.cast(RNG_tf.normal([]), x.dtype)
    c = x + tf.cast(tf_rng.uniform([], 0.0, 2.0), x.dtype)
    d = x + tf.cast(tf_rng.normal([], 1.0, 0.5), x.dtype)
    e = x + tf.cast(
        tf.random.stateless_gamma([], tf_rng.make_seeds(2)[:, 0], 2.0, 1 / 3.0), x.dtype
    )
    f = tf.random.stateless_categorical(
        tf.math.log([[0.1, 0.2, 0.3, 0.2, 0.2]]),
        1,
        RNG_tf.make_seeds(2)[:, 0],
        dtype=tf.int32,
    )[0, 0]
    g = tf.random.shuffle(tf.range(4))
    return a, b, c, d, e, f, g


def exercise():
    results = [draws(tf.constant(0.0)) for _ in range(500)]
    names = "abcdefg"
    return {name: [[float(v) for v in tf.reshape(r[i], [-1])] for r in results] for i, name in enumerate(names)}
