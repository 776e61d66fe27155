"""A Python draw used as an op seed (`tf.random.uniform([], seed=random.randint(0, 10**6))`):
TensorFlow needs a Python int there, so a tensor draw would raise; the rule must not fix it."""
import random

import tensorflow as tf


@tf.function
def noisy(x):
    return x + tf.random.uniform([], seed=random.randint(0, 10**6))


def exercise():
    return [noisy(tf.constant(1.0)) for _ in range(600)]
