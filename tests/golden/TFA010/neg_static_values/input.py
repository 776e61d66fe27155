"""NumPy on what `tf.get_static_value` returns (a NumPy value or None, never a tensor) is the
"prefer static" idiom of TensorFlow Probability: fold when the value is known at trace time,
fall back to ops otherwise. Also `tf.compat.dimension_value` (an int or None). No finding."""
import numpy as np
import tensorflow as tf


def nonzero(value):
    static_value = tf.get_static_value(value)
    if static_value is None:
        return True
    return np.all(static_value != 0)


def size0(x):
    n = tf.compat.dimension_value(x.shape[0])
    if n is not None:
        return np.int32(n)
    return tf.shape(x)[0]


@tf.function
def safe_scale(x, step):
    if nonzero(step):
        x = x / tf.cast(step, x.dtype)
    return x * tf.cast(size0(x), x.dtype)


def flag_array(flag):
    return np.asarray(flag, np.float32)


@tf.function
def weighted(x, w):
    # `w is not None` is a Python bool (identity), here and given to a helper (TF Decision Forests)
    given = np.float32(w is not None)
    return x * given + flag_array(w is not None)


def exercise():
    return [safe_scale(tf.ones([n, 2]), tf.constant(2.0)) for n in (1, 3)] + [weighted(tf.ones([2]), tf.ones([2]))]
