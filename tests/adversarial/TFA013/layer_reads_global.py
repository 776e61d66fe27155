"""A same-module layer whose constructor reads a module global (`SCALE`) that eager code changes
between calls: eagerly each call builds the layer with the current value; the hoisted layer,
built once at import, keeps the first.
# expect: the hoisted layers are rejected by verification; a fresh layer per call in tf.py_function is confirmed
"""
import tensorflow as tf

SCALE = 1.0


class Scaled(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.scale = SCALE

    def build(self, shape):
        self.w = self.add_weight(shape=(), initializer="ones")

    def call(self, x):
        return x * self.w * self.scale


@tf.function
def step(x):
    return Scaled()(x)


def exercise():
    global SCALE
    out = []
    for scale in (1.0, 2.0, 3.0):
        SCALE = scale
        out.append(step(tf.ones([2])))
    SCALE = 1.0
    return out
