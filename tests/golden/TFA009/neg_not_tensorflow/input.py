import tensorflow as tf


def function(fn=None, **options):
    return fn


@function(experimental_relax_shapes=True)
def f(x):
    return tf.identity(x)
