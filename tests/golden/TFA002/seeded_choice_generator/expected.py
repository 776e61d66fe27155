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
tf_rng = tf.random.Generator.from_seed(3)
np.random.seed(5)
tf_rng_np = tf.random.Generator.from_seed(5)


@tf.function
def pick():
    quarter_turns = tf.gather([0, 1, 2, 3], tf_rng.uniform([], 0, 4, dtype=tf.int32))
    bucket = tf_rng_np.uniform([], 0, 3, dtype=tf.int32)
    return tf.stack([quarter_turns, bucket])


def exercise():
    draws = [pick().numpy() for _ in range(600)]
    return [int(d[0]) for d in draws] + [int(d[1]) for d in draws]
