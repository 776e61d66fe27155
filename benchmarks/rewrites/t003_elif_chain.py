"""Piecewise schedule on a tensor step (autograph off)."""
import tensorflow as tf


@tf.function(autograph=False)
def schedule(step):
    if step < 10.0:
        lr = tf.constant(0.1)
    elif step < 20.0:
        lr = tf.constant(0.01)
    else:
        lr = tf.constant(0.001)
    return lr


def exercise():
    return [float(schedule(tf.constant(s))) for s in (0.0, 15.0, 25.0)]
