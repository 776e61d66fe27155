"""A logging helper formats with `%` at trace time (tf.print cannot); its print runs in a
`tf.py_function`: the format text stays Python's, the `*args` are passed as tensors."""
import tensorflow as tf


def info(msg, *args):
    print(msg % args, flush=True)


@tf.function
def step(x):
    info("batch sum: %s, max: %s", tf.reduce_sum(x), tf.reduce_max(x))
    return x * 2.0


def exercise():
    return [step(tf.constant([1.0, float(i)])) for i in range(3)]
