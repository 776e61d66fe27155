"""A tf.function fed Python lists (nested lists of numbers) straight from a loop.

Modelled on rasbt/python-machine-learning-book-3rd-edition, ch14/ch14_part1.py
(`w = tf.Variable(...)`; `@tf.function def compute_z(x): return tf.matmul(w, x)`, called with
plain Python nested lists).
"""
import tensorflow as tf

tf.random.set_seed(1)
w = tf.Variable(tf.random.uniform((3, 3)))


@tf.function
def compute_z(x):
    return tf.matmul(w, x)


def exercise():
    out = []
    for k in range(5):
        out.append(compute_z([[1.0 * k], [2.0], [3.0 - k]]).numpy())
    return out
