"""Draws from seeded streams: the module seeds `random`, and two generators are built from seeds.
Each stream gets one `tf.random.Generator.from_seed(...)` with the same seed, created once right
after it and shared by its draws; ops a generator lacks draw statelessly with seeds it makes.
`np.random` is not seeded here: its draw uses the global tf.random stream.
"""
import random

import numpy as np
import tensorflow as tf

random.seed(3)
SEEDED = random.Random(42)
RNG = np.random.default_rng(7)


@tf.function
def draws(x):
    a = x + SEEDED.random()
    b = x + RNG.normal()
    c = x + random.uniform(0.0, 2.0)
    d = x + random.gauss(1.0, 0.5)
    e = x + random.gammavariate(2.0, 3.0)
    f = RNG.choice(5, p=[0.1, 0.2, 0.3, 0.2, 0.2])
    g = np.random.permutation(4)
    return a, b, c, d, e, f, g


def exercise():
    results = [draws(tf.constant(0.0)) for _ in range(500)]
    names = "abcdefg"
    return {name: [[float(v) for v in tf.reshape(r[i], [-1])] for r in results] for i, name in enumerate(names)}
