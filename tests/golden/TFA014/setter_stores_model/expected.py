"""A setter storing a model (or any argument) is no Python number: the graph captures the object it traced
with, nothing TFA014 says about frozen numbers applies (issue 28). A setter storing into an attribute that
holds a number elsewhere still is one."""
import keras
import tensorflow as tf


def apply(model, x):
    return model(x)


class Runner:
    def __init__(self, model):
        self._model = model
        self._scale = 1.0

    @property
    def model(self):
        return self._model

    @model.setter
    def model(self, value):
        self._model = value

    def set_model(self, model):
        self._model = model

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    def step(self, x):
        return self._traced_step(x, tf.constant(self._scale, dtype=tf.float32))

    @tf.function
    def _traced_step(self, x, _scale):
        return apply(self._model, x) * _scale


runner = Runner(keras.layers.Dense(2))
