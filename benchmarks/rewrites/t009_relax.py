"""An old-style tf.function with the deprecated relax-shapes flag."""
import tensorflow as tf


@tf.function(experimental_relax_shapes=True)
def pool(x):
    return tf.reduce_max(x, axis=0)


def exercise():
    return [pool(tf.ones([n, 2]) * n).numpy() for n in (2, 3, 4)]
