import numpy as np
import tensorflow as tf


@tf.function
def draw():
    rng = np.random.default_rng()  # unseeded: fresh entropy on every eager call
    return rng.uniform(2.0, 4.0), rng.integers(0, 10, endpoint=True)


def exercise():
    return [draw() for _ in range(300)]
