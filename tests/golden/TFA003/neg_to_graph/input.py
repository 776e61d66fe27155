"""What `tf.autograph.to_graph` returns is converted wherever it is called: a Python `if` on a tensor in it
works even inside `tf.function(autograph=False)`."""
import tensorflow as tf


def clip(x):
    if tf.reduce_sum(x) > 0.0:
        x = x * 0.5
    return x


step = tf.function(tf.autograph.to_graph(clip), autograph=False)
converted = tf.autograph.to_graph(clip)


@tf.autograph.to_graph
def double_positive(x):
    if tf.reduce_max(x) > 1.0:
        x = x * 2.0
    return x


@tf.function(autograph=False)
def raw_step(x):
    return converted(x) + double_positive(x)


def exercise():
    return [f(tf.constant([v, 2.0])) for f in (step, raw_step) for v in (-5.0, 1.0)]
