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


@tf.function
def step_with_escapes(x):
    # Functions handed to tf.py_function / tf.numpy_function run in Python on every call.
    def numpy_noise():
        return np.random.normal(size=3).astype(np.float32)

    noise = tf.numpy_function(numpy_noise, [], tf.float32)
    jitter = tf.py_function(lambda: random.uniform(0.0, 1.0), [], tf.float32)
    return x + noise + jitter
