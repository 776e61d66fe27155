"""A data loader that skips bad batches: `except Exception as err` records the
error type.

The module never names AssertionError, but catches it through Exception; the
fixed check raises InvalidArgumentError instead.
"""
# expect: a right rewrite, chosen by execution (a traced core and an eager wrapper: session 10's split)
import tensorflow as tf


@tf.function
def check_batch(x):
    assert tf.reduce_sum(x) > 0.0, "empty batch"
    return x * 2.0


def exercise():
    skipped = []
    outs = []
    for batch in [tf.constant([1.0]), tf.constant([0.0]), tf.constant([3.0])]:
        try:
            outs.append(check_batch(batch))
        except Exception as err:
            skipped.append(type(err).__name__)
    return outs, skipped
