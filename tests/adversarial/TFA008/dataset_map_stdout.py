"""A print inside `Dataset.map`, to stdout: the rewrite must print once per element, on stdout
(tf.print defaults to stderr), with the element's value."""
import tensorflow as tf


def show(x):
    print("element:", x)
    return x + 1


def exercise():
    xs = tf.constant([1, 2, 3])
    if tf.config.functions_run_eagerly():
        return [show(x) for x in xs]
    return list(tf.data.Dataset.from_tensor_slices(xs).map(show))
