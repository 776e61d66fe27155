"""tf.constant(x.numpy(), tf.float16) of float64 features (a mixed-precision input path).

NumPy rounds float64 → float16 once; tf.cast may round through float32 first
(double rounding) — 1 + 2**-11 + 2**-40 rounds up in NumPy, to 1.0 via float32.
"""
# expect: the TensorFlow rewrites are rejected by verification; the eager code in tf.py_function is confirmed
import tensorflow as tf


@tf.function
def to_half(x):
    return tf.constant(x.numpy(), tf.float16)


def exercise():
    x = tf.constant([1.0 + 2.0**-11 + 2.0**-40, 2.0 + 2.0**-10 + 2.0**-38], tf.float64)
    return [tf.cast(to_half(x), tf.float64)]
