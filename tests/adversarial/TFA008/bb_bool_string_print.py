"""print of a bool tensor and a string tensor in a validation step.

Eager print shows tf.Tensor(True, ...) and b'ok'; tf.print shows its own
formatting of bools and strings.
"""
# expect: the tf.print candidates are rejected by verification; Python's print in tf.py_function is confirmed
import tensorflow as tf


@tf.function
def validate(x, name):
    ok = tf.reduce_all(x > 0)
    print(ok, name)
    return ok


def exercise():
    return [validate(tf.constant([1.0, 2.0]), tf.constant("ok")), validate(tf.constant([-1.0]), tf.constant("bad"))]
