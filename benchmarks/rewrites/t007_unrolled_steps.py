"""Iterative refinement: the number of refinement steps grows with the epoch."""
import tensorflow as tf


@tf.function
def refine(x, steps):
    for _ in range(steps):
        x = 0.5 * x + 1.0
    return x


def exercise():
    x = tf.constant([0.0, 4.0])
    return [refine(x, n).numpy() for n in range(1, 13)]
