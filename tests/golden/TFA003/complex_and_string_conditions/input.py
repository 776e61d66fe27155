import tensorflow as tf


@tf.function(autograph=False)
def spectral_gate(spec):
    z = tf.cast(spec, tf.complex64)
    if tf.reduce_sum(z):  # Python's truth test of a complex number: non-zero
        return spec * 2.0
    return spec


@tf.function(autograph=False)
def label(tag):
    name = tf.strings.strip(tag)
    if name:  # Python's truth test of a string: non-empty
        out = tf.strings.upper(name)
    else:
        out = tf.constant("UNKNOWN")
    return out


def exercise():
    return [
        spectral_gate(tf.constant([1j, 2j], tf.complex64)),
        spectral_gate(tf.constant([0j, 0j], tf.complex64)),
        label(tf.constant(" cat ")),
        label(tf.constant("   ")),
    ]
