"""A helper reached through `tf.autograph.experimental.do_not_convert`, called from a
converted tf.function: AutoGraph skips it, so its tensor `if` raises in graph mode."""
import tensorflow as tf


@tf.autograph.experimental.do_not_convert
def soft_sign(x):
    return _pick(x)


def _pick(x):
    if tf.reduce_mean(x) >= 0.0:
        return x / (1.0 + tf.abs(x))
    return -x


@tf.function
def apply(x):
    return soft_sign(x) * 3.0


def exercise():
    return [apply(tf.constant([1.0, -0.5])), apply(tf.constant([-2.0, -1.0]))]
