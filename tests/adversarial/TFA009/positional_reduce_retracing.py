"""`reduce_retracing` is given positionally (tf.function's fifth parameter, as an older
wrapper spelled it): renaming `experimental_relax_shapes` would give it twice."""
import tensorflow as tf


def total(x):
    return tf.reduce_sum(x)


compiled = tf.function(total, None, True, None, False, experimental_relax_shapes=True)


def exercise():
    return [compiled(tf.ones([n])) for n in (2, 3, 4)]
