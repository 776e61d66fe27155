"""A spectral gate: `if` on the sum of an FFT (a complex scalar) in an autograph=False step.

Python's truth test of a complex number is "non-zero" (real or imaginary part);
tf.cast(z, tf.bool) looks at the real part only: a purely imaginary sum is
True eagerly, False after a cast.
"""
import tensorflow as tf


@tf.function(autograph=False)
def gate(spec):
    if tf.reduce_sum(spec):
        out = spec * 2.0
    else:
        out = spec
    return out


def exercise():
    return [gate(tf.constant([1j, 2j], tf.complex64)), gate(tf.constant([1.0 + 0j, -1.0 + 0j], tf.complex64))]
