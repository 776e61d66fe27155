"""The print sits in an expression whose value is used (`print(...) or x`): `tf.print` returns
an Operation in graph mode, not None, so the rewrite would return the op instead of x."""
import tensorflow as tf


@tf.function
def passthrough(x):
    return print("x", x) or x


def exercise():
    return [passthrough(tf.constant(float(i))) for i in range(3)]
