"""`if training and random.random() < 0.5` in a Keras 3 `call`: Keras 3 traces `call` without
AutoGraph, so a tensor condition there raises: `training` stays a Python `if` and the coin
becomes an explicit tf.cond (the case's name predates the fix)."""

import keras
import tensorflow as tf


class RandomFlip(keras.layers.Layer):
    def call(self, inputs, training=None):
        if training:
            return tf.cond(
                tf.random.uniform([]) < 0.5,
                lambda: tf.reverse(inputs, axis=[-1]),
                lambda: inputs,
            )
        return inputs


def exercise():
    layer = RandomFlip()
    step = tf.function(lambda x: layer(x, training=True))
    return [step(tf.constant([[1.0, 2.0, 3.0]]))[0, 0] for _ in range(600)]
