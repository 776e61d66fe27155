"""A progress print to sys.stderr with end="" and flush=True in a training step.

file=sys.stderr becomes output_stream=sys.stderr; the text per call must be kept.
"""
# contract: side-effect
import sys

import tensorflow as tf


@tf.function
def step(x):
    loss = tf.reduce_mean(x)
    print("loss:", loss, file=sys.stderr, end="\n", flush=True)
    return loss


def exercise():
    return [step(tf.constant([float(i), 1.0])) for i in range(3)]
