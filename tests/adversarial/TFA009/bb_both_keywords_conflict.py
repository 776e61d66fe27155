"""Both keywords given: experimental_relax_shapes=True, reduce_retracing=False.

TensorFlow ORs them (relax True wins): the function relaxes shapes. Keeping
reduce_retracing=False and dropping the deprecated keyword traces once per batch size.
"""
import tensorflow as tf


@tf.function(experimental_relax_shapes=True, reduce_retracing=False)
def row_sums(x):
    return tf.reduce_sum(x, axis=1)


def exercise():
    outs = [row_sums(tf.ones([n, 3])) for n in (2, 3, 4, 5, 6)]
    return outs, row_sums.experimental_get_tracing_count()
