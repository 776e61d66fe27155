"""Per-step pairs [value, squared] appended as Python lists, then concatenated.

tf.concat of a list of 2-element lists flattens them; what a TensorArray
concat gives for each written list must match.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None])])
def pairs(xs):
    out = []
    for x in xs:
        out.append([x, x * x])
    return tf.concat(out, axis=0)


def exercise():
    return [pairs(tf.constant([1.0, 2.0, 3.0]))]
