"""An assert on a uint8 image's maximum compared with a Python int.

The comparison with 255 adapts to uint8; tf.debugging.Assert takes the bool.
"""
import tensorflow as tf


@tf.function
def normalize(img):
    assert tf.reduce_max(img) <= 255, "overflow"
    return tf.cast(img, tf.float32) / 255.0


def exercise():
    return [normalize(tf.constant([[0, 128, 255]], tf.uint8))]
