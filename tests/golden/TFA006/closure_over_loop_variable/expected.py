import tensorflow as tf


def scaled_outputs(x):
    out = []

    @tf.function
    def scaled(y, *, scale):
        return y * scale

    for scale in (1.0, 2.0, 1.0, 2.0):  # a setting revisited: one trace per value, not per iteration
        out.append(scaled(x, scale=scale))
    return out


def exercise():
    return scaled_outputs(tf.constant([1.0, 2.0]))
