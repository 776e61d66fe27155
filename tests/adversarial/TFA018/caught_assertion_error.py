"""The training loop skips bad batches on `AssertionError` and counts runtime (`OpError`) failures
apart: the rewrite raises `InvalidArgumentError` instead, so a bad batch becomes a runtime
failure. The exercise records what it skips.
# expect: a right rewrite, chosen by execution (a traced core and an eager wrapper: session 10's split)
"""
import tensorflow as tf


@tf.function
def train_step(x):
    assert tf.reduce_all(tf.math.is_finite(x)), "non-finite batch"
    return tf.reduce_sum(x)


def exercise():
    out = []
    for x in (tf.constant([1.0, 2.0]), tf.constant([float("nan"), 1.0]), tf.constant([3.0])):
        try:
            out.append(train_step(x))
        except AssertionError:
            out.append("skipped")
        except tf.errors.OpError:
            out.append("runtime failure")
    return out
