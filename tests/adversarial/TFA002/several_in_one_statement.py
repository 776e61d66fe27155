"""Several draws in one statement with a float16 input, in Dataset.map: `x * a + b - c` where
every draw must take x's dtype; one of them is an int (`randint`) that Python would promote."""
import random

import tensorflow as tf


def augment(x):
    return x * random.uniform(0.9, 1.1) + random.gauss(0.0, 0.01) - random.randint(0, 2)


def exercise():
    xs = tf.ones([600], tf.float16)
    if tf.config.functions_run_eagerly():
        return [augment(x) for x in xs]
    return list(tf.data.Dataset.from_tensor_slices(xs).map(augment))
