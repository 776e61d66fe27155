"""NumPy random inside a tf.function: the same matrix on every call.

Modelled on lyhue1991/eat_tensorflow2_in_30_days, "4-3,AutoGraph的使用规范.md" (rule 1:
`@tf.function def np_random(): a = np.random.randn(3,3); tf.print(a)`); returns `a` so the
draws can be compared.
"""
import numpy as np
import tensorflow as tf


@tf.function
def np_random():
    a = tf.random.normal((3, 3), dtype=tf.float64)
    tf.print(a)
    return a


def exercise():
    return np.array([np.asarray(np_random()) for _ in range(100)])
