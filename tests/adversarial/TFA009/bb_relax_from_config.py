"""The deprecated keyword set from a config value, with reduce_retracing=None.

`experimental_relax_shapes=CONFIG["relax"]` and `reduce_retracing=None`: the
result depends on the config value at import.
"""
import tensorflow as tf

CONFIG = {"relax": True}


@tf.function(reduce_retracing=None, experimental_relax_shapes=CONFIG["relax"])
def normalize(x):
    return x / tf.reduce_sum(x)


def exercise():
    outs = [normalize(tf.ones([n])) for n in (2, 3, 4, 5)]
    return outs, normalize.experimental_get_tracing_count()
