"""`Dense(4)(x)` in a traced function: eagerly every call builds fresh, randomly initialised
weights; the hoisted layer keeps one set, so the outputs differ from the oracle's.
# expect: the hoisted layers are rejected by verification; a fresh layer per call in tf.py_function is confirmed
"""
import tensorflow as tf


@tf.function
def project(x):
    return tf.keras.layers.Dense(4)(x)


def exercise():
    return [project(tf.ones([2, 3])) for _ in range(3)]
