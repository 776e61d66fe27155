"""A training step that logs with print; the caller captures the log with
contextlib.redirect_stdout and returns it.

tf.print(output_stream=sys.stdout) writes to the process's file descriptor,
not to Python's replaced sys.stdout.
"""
# expect: the tf.print candidates are rejected by verification; Python's print in tf.py_function is confirmed
# contract: side-effect
import contextlib
import io

import tensorflow as tf


@tf.function
def step(x):
    loss = tf.reduce_sum(x * x)
    print("loss", loss)
    return loss


def exercise():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        for v in [1.0, 2.0, 3.0]:
            step(tf.constant([v]))
    return buf.getvalue().count("loss")
