import tensorflow as tf


def scaled_outputs(x):
    out = []
    for scale in (1.0, 2.0, 1.0, 2.0):  # a setting revisited: one trace per value, not per iteration
        # the default is evaluated when the `def` runs: it depends on the loop variable
        @tf.function
        def scaled(y, factor=scale):
            return y * factor

        out.append(scaled(x))
    return out


def exercise():
    return scaled_outputs(tf.constant([1.0, 2.0]))
