import tensorflow.compat.v2 as tf2


@tf2.function(
    reduce_retracing=True,
)
def first(x):
    return x[0]
