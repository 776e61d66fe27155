"""`assert` in a `jit_compile=True` function: XLA ignores `Assert` ops ("Ignoring Assert
operator"), so the rewrite would return a value where eager raised. The exercise records which
calls fail.
# expect: a right rewrite, chosen by execution (a traced core and an eager wrapper: session 10's split)
"""
import tensorflow as tf


@tf.function(jit_compile=True)
def safe_log(x):
    assert tf.reduce_min(x) > 0.0, "log of a non-positive value"
    return tf.math.log(x)


def exercise():
    out = []
    for x in (tf.constant([1.0, 2.0]), tf.constant([-1.0, 2.0])):
        try:
            out.append(safe_log(x))
        except (AssertionError, tf.errors.InvalidArgumentError):
            out.append("failed")
    return out
