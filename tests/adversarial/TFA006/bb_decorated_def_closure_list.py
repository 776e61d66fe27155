"""A decorated def inside an epoch loop that closes over a list the loop appends to.

`history` is not rebound, only grown; the function reads `len(history)` at
trace time.
"""
import tensorflow as tf


def exercise():
    history = []
    outs = []
    for epoch in range(3):
        history.append(epoch)

        @tf.function
        def warmup(x):
            return x * float(len(history))

        outs.append(warmup(tf.constant(1.0)))
    return outs
