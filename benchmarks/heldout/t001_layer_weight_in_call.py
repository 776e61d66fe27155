"""A hand-written dense block that creates its weight in the traced function.

Modelled on rasbt/python-machine-learning-book-3rd-edition, ch14/ch14_part1.py (the
`@tf.function def f(x): w = tf.Variable([1, 2, 3])` example next to `compute_z`).
"""
import numpy as np
import tensorflow as tf


@tf.function
def compute_z(x):
    w = tf.Variable(tf.ones((3, 3)) * 0.5)
    return tf.matmul(w, x)


def exercise():
    return [compute_z(tf.constant([[1.0], [2.0], [float(k)]])).numpy() for k in range(3)]
