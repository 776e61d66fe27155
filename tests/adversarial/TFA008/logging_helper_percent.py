"""A project's logging helper (TF Decision Forests' `tf_logging.info`): `print(msg % args)` with
`msg` a string *parameter*, called from a tf.function with a tensor. The text is formatted at
trace time from the symbolic tensor, so `tf.print(msg % args)` would print `Tensor("Sum:0", ...)`
on every call instead of the values: the fix must decline (`%` of a non-tensor)."""
import tensorflow as tf


def info(msg, *args):
    print(msg % args, flush=True)


@tf.function
def step(x):
    info("batch sum: %s", tf.reduce_sum(x))
    return x * 2.0


def exercise():
    return [step(tf.constant([1.0, float(i)])) for i in range(3)]
