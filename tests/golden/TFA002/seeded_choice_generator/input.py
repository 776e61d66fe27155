"""A module seeding `random` and `np.random` picks from literal choices in traced code: the
draw table's `choice` rows (a Python list: `tf.gather` of a uniform index; NumPy's int: the index
itself) drawn from a `tf.random.Generator.from_seed(...)` created once after each seeding. The
compiled original always draws its first pick; the rewrite matches the oracle's distribution over
every draw, including those that happen to equal the frozen pick.
"""
import random

import numpy as np
import tensorflow as tf

random.seed(3)
np.random.seed(5)


@tf.function
def pick():
    quarter_turns = random.choice([0, 1, 2, 3])
    bucket = np.random.choice(3)
    return tf.stack([quarter_turns, bucket])


def exercise():
    draws = [pick().numpy() for _ in range(600)]
    return [int(d[0]) for d in draws] + [int(d[1]) for d in draws]
