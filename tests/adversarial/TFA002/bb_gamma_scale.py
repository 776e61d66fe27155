"""Gamma-distributed loss weight: np.random.gamma(2.0, 3.0) (shape 2, scale 3: mean 6).

tf.random.gamma's beta is a rate (1/scale).
"""
import numpy as np
import tensorflow as tf


@tf.function
def weighted(loss):
    return loss * np.random.gamma(2.0, 3.0)


def exercise():
    return [weighted(tf.constant(1.0)) for _ in range(600)]
