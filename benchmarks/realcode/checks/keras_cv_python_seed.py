"""keras-cv's backend.random under Keras 2 (tf-keras, which keras-cv supports): `_draw_seed(None)`
draws a Python seed, and `tf.random.stateless_normal(seed=[0, seed])` is deterministic in it."""
import random as python_random
import tensorflow as tf


def _draw_seed(seed):
    if seed is None:
        seed = python_random.randint(1, int(1e9))
    return [0, seed]


def normal(shape, seed=None):
    return tf.random.stateless_normal(shape, seed=_draw_seed(seed))


augment = tf.function(lambda x: x + normal(tf.shape(x)))
eager = [float(tf.reduce_sum(x)) for x in (normal([3]), normal([3]), normal([3]))]
compiled = [float(tf.reduce_sum(augment(tf.zeros([3])))) for _ in range(3)]
print("eager draws differ:", len(set(eager)) == 3, "| compiled draws differ:", len(set(compiled)) == 3, compiled)
