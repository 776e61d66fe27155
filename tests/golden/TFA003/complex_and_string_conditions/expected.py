import tensorflow as tf


@tf.function(autograph=False)
def spectral_gate(spec):
    z = tf.cast(spec, tf.complex64)
    # Python's truth test of a complex number: non-zero
    return tf.cond(tf.not_equal(tf.reduce_sum(z), 0), lambda: spec * 2.0, lambda: spec)


@tf.function(autograph=False)
def label(tag):
    name = tf.strings.strip(tag)
    # Python's truth test of a string: non-empty
    out = tf.cond(
        tf.strings.length(name) > 0,
        lambda: tf.strings.upper(name),
        lambda: tf.constant("UNKNOWN"),
    )
    return out


def exercise():
    return [
        spectral_gate(tf.constant([1j, 2j], tf.complex64)),
        spectral_gate(tf.constant([0j, 0j], tf.complex64)),
        label(tf.constant(" cat ")),
        label(tf.constant("   ")),
    ]
