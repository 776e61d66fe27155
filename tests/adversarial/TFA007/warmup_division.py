"""A warm-up schedule divides the Python step inside a TF op: tf.minimum(lr, lr * step / 4).

`lr * step` with a float32 lr and an int32 tensor step raises; with a Python int it works.
"""
import tensorflow as tf


@tf.function
def warmup(lr, step):
    return tf.minimum(lr, lr * step / 4)


def exercise():
    lr = tf.constant(0.5)
    rates = []
    step = 0
    while step < 6:
        rates.append(warmup(lr, step))
        step += 1
    return rates
