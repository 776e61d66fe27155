import tensorflow as tf


@tf.function(reduce_retracing=True)
def f(x):
    return x
