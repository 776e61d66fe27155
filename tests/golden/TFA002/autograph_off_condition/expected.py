import tensorflow as tf


@tf.function(autograph=False)
def maybe_negate(x):
    # Without AutoGraph, `if` on a tensor raises: the fix is unsafe here.
    return tf.cond(tf.random.uniform([]) < 0.5, lambda: -x, lambda: x)
