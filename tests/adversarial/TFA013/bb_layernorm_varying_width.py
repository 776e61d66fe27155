"""LayerNormalization built per call on features of different widths.

Hoisted, the layer is built for the first width and rejects the second.
"""
# expect: the hoisted layers are rejected by verification; a fresh layer per call in tf.py_function is confirmed
import tensorflow as tf


def normalize(x):
    return tf.keras.layers.LayerNormalization()(x)


step = tf.function(normalize)


def exercise():
    return [step(tf.constant([[1.0, 2.0, 3.0]])), step(tf.constant([[1.0, 5.0]]))]
