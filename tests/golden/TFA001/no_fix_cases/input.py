import dataclasses

import keras
import tensorflow as tf


def make_step():
    @tf.function
    def step(x):
        v = tf.Variable(1.0)  # nested function: no home to move it to
        return v * x

    return step


@tf.function
def from_lambda(x):
    v = tf.Variable(lambda: tf.zeros([2]))  # callable initial value cannot be re-assigned
    v.assign_add(x)
    return v.read_value()


@tf.function
def from_branch(x, flag=True):
    if flag:
        v = tf.Variable(x)
        return v.read_value()
    return x


@dataclasses.dataclass
class Config:
    scale: float = 1.0

    @tf.function
    def apply(self, x):
        w = tf.Variable(self.scale)
        return w * x


class Model(keras.Model):
    def train_step(self, data):
        seen = keras.Variable(0.0)
        seen.assign_add(1.0)
        return {"seen": seen.value}

    @staticmethod
    @tf.function
    def helper(x):
        v = tf.Variable(x)
        return v.read_value()
