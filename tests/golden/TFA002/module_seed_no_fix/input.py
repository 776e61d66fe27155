"""A module-level `np.random.seed(0)` makes the augmentation reproducible run after run; a
tf.random op would silently drop that reproducibility (the values would differ from the seeded
stream). The rule must not offer a fix that loses it.
# contract: exact
"""
import numpy as np
import tensorflow as tf

np.random.seed(0)


def jitter(x):
    return x + np.random.uniform(-0.1, 0.1)


def exercise():
    ds = tf.data.Dataset.from_tensor_slices(tf.zeros([5]))
    if tf.config.functions_run_eagerly():
        np.random.seed(0)
        return [float(jitter(x)) for x in ds]
    return [float(v) for v in ds.map(jitter)]
