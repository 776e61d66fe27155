import numpy as np
import tensorflow as tf


@tf.function
def tagged(x):
    tf.print("rows: %d" % len(x))  # formatted by Python: a tensor cannot be
    return x * 2.0


@tf.function(autograph=False)
def unrolled(x):
    total = tf.zeros([3])
    for i in range(x.shape[0]):  # a Python loop: needs the Python int
        total += x[i]
    return total


@tf.function
def padded(x):
    pad = np.zeros(x.shape[0], np.float32)  # NumPy needs the Python int
    return x[:, 0] + pad


@tf.function
def halves(x):
    return tf.reduce_sum(x) / (x.shape[0] / 2)  # `n / 2` is Python float arithmetic


def exercise():
    out = []
    for n in (2, 3, 4):
        x = tf.ones([n, 3]) * n
        out.append((tagged(x), unrolled(x), padded(x), halves(x)))
    return out
