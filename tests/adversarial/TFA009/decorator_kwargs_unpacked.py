"""A decorator `@tf.function(experimental_relax_shapes=True, **jit)` where `jit` may hold
`reduce_retracing` too (built from a config dict): the rename would collide with it."""
import tensorflow as tf

CONFIG = {"jit_compile": False, "reduce_retracing": False}


@tf.function(experimental_relax_shapes=True, **CONFIG)
def norm(x):
    return tf.sqrt(tf.reduce_sum(x * x))


def exercise():
    return [norm(tf.ones([n])) for n in (1, 4, 9)]
