"""A branch that casts its input, then returns it: both branches `return image`.

The same *name* is not the same dtype when one branch rebinds it: eagerly the
bright branch returns uint8, the other float32; tf.cond needs one dtype, so a
fix proving "one dtype" from the returned name alone is wrong.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)], autograph=False)
def to_display(image):
    if tf.reduce_max(image) > 1.0:
        image = tf.cast(image, tf.uint8)
        return image
    return image


def exercise():
    return [to_display(tf.constant([0.5, 0.25])), to_display(tf.constant([3.0, 200.0]))]
# expect: unsafe-declined
