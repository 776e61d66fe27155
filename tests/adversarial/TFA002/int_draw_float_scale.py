"""An integer draw scaled by a float literal (`random.randint(0, 4) * 0.25`): a Python int
becomes a float there, an int32 tensor would raise a TypeError; then the float meets a float64
dataset element, and an integer draw divides (`/`) where Python gives a float."""
import random

import tensorflow as tf


def augment(x):
    shift = random.randint(0, 4) * 0.25
    return x + shift + random.randint(1, 2) / 4


def exercise():
    xs = tf.zeros([600], tf.float64)
    if tf.config.functions_run_eagerly():
        return [augment(x) for x in xs]
    return list(tf.data.Dataset.from_tensor_slices(xs).map(augment))
