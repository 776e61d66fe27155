import tensorflow as tf


@tf.function(autograph=False)
def scaled(x):
    if tf.reduce_mean(x) > 0:
        factor = 2.0
    else:
        pass
    return x * factor


@tf.function(autograph=False)
def early(x):
    if tf.reduce_mean(x) > 0:
        return x
    x = x * 2.0
    return x
