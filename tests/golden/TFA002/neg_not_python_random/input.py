import random as stdlib_random

import numpy as np
import tensorflow as tf


class random:  # a local class that merely shares the module's name
    @staticmethod
    def random():
        return 0.5


@tf.function
def local_class(x):
    return x + random.random()


@tf.function
def seeded_inside(x):
    # Seeded here, on every call: eager calls repeat the same draw too.
    rng = np.random.default_rng(0)
    return x + rng.normal()


@tf.function
def reseeds(x):
    stdlib_random.seed(1)
    return x + stdlib_random.random()


@tf.function
def already_tf(x):
    return x + tf.random.normal([])
