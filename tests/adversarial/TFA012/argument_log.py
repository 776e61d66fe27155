"""A tf.function appends to a list argument under an `if` on a tensor (TF 2.21 raises "should
not modify its Python input arguments"; eagerly it works), and another appends to a copy of its
argument, which is allowed: the first must be reported (no fix), the second left alone."""
import tensorflow as tf


@tf.function
def log_positive(x, log):
    if tf.reduce_sum(x) > 0:
        log.append(x)
    return x * 2.0


@tf.function
def with_copy(x, history):
    history = list(history)
    history.append(x * 2.0)
    return tf.add_n(history)


def exercise():
    out = [with_copy(tf.ones([2]) * k, [tf.ones([2])]) for k in range(3)]
    return out + [log_positive(tf.ones([2]), [])]
