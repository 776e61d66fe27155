import random

import numpy as np
import tensorflow as tf

SEED_OFFSET = random.random()


def make_batch(n):
    # Eager preprocessing: runs on every call, nothing is frozen.
    return tf.constant(np.random.normal(size=(n, 3)), dtype=tf.float32)


def py_noise():
    return np.float32(np.random.normal())


@tf.function
def step(x):
    # tf.py_function runs its function eagerly on every call: not traced.
    noise = tf.py_function(py_noise, [], tf.float32)
    return x + noise + tf.random.uniform([])
