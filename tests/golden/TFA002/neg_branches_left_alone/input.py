"""Left alone: a coin in Keras 3 `call` (no AutoGraph) whose branch does two things (no single
value for an explicit tf.cond), and a table entry that Python needs (`float(...)`)."""
import random

import keras
import tensorflow as tf

SCALES = [0.5, 1.0, 2.0]


class Jitter(keras.layers.Layer):
    def call(self, inputs):
        if random.random() < 0.5:
            inputs = inputs * 2.0
            inputs = inputs + 1.0
        return inputs


@tf.function
def scale_of(x):
    return x * float(SCALES[random.randint(0, 2)])
