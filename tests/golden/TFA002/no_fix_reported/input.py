import random

import numpy as np
import tensorflow as tf

SEEDED = random.Random(42)
RNG = np.random.default_rng(7)


@tf.function
def hazards(x):
    a = x + SEEDED.random()
    b = x + RNG.normal()
    label = random.choice(["cat", "dog"])
    steps = float(random.random())
    c = x + random.triangular(0.0, 1.0)
    values = np.random.normal(size=3).tolist()
    return a, b, label, steps, c, values
