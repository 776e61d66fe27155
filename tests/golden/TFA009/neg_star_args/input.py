import tensorflow as tf

ARGS = (None, True, None, False)


def scale(x):
    return x * 2


# `*ARGS` may hold reduce_retracing (the fifth parameter): nothing to merge into safely.
fast = tf.function(scale, *ARGS, experimental_relax_shapes=True)
# A call would be reordered (or skipped) by a merge.
checked = tf.function(scale, reduce_retracing=bool(len(ARGS)), experimental_relax_shapes=ARGS[1])
