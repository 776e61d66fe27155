"""A step traced on float32 batches of several sizes, plus a float64 evaluation call.

The float64 call is the last one; a float32 input_signature rejects it.
"""
import tensorflow as tf


@tf.function
def l2(x):
    return tf.reduce_sum(x * x, axis=-1)


def exercise():
    outs = [l2(tf.ones([n, 2])) for n in (1, 2, 3)]
    outs.append(l2(tf.ones([2, 2], tf.float64)))
    return outs


if __name__ == "__main__":
    exercise()
