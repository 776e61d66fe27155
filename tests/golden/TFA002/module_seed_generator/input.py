"""A module-level `np.random.seed(0)` makes the jitter reproducible run after run. No tf.random op
gives NumPy's numbers, so both candidates are unsafe: a `tf.random.Generator.from_seed(0)` created
once, right after the seeding (reproducible, and with the same distribution: the primary, which
execution confirms), and the global tf.random stream (which changes from run to run).
"""
import numpy as np
import tensorflow as tf

np.random.seed(0)


def jitter(x):
    return x + np.random.uniform(-0.1, 0.1)


def exercise():
    ds = tf.data.Dataset.from_tensor_slices(tf.zeros([500]))
    return [float(v) for v in ds.map(jitter)]
