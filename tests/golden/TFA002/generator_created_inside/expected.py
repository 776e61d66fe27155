import numpy as np
import tensorflow as tf


@tf.function
def draw():
    rng = np.random.default_rng()  # unseeded: fresh entropy on every eager call
    return tf.random.uniform([], 2.0, 4.0), tf.random.uniform([], 0, 11, dtype=tf.int32)


def exercise():
    return [draw() for _ in range(300)]
