import tensorflow as tf


@tf.function(autograph=False)
def gate(x, training):
    # the tensor test comes first: Python would bool() it before looking at `training`
    if tf.reduce_sum(x) > 0 and training:
        return x * 0.5
    return x


@tf.function(autograph=False)
def chained(x, training):
    if training and tf.reduce_sum(x) > 0:
        return x * 0.5
    elif tf.reduce_min(x) < -1.0:
        return -x
    return x
