"""The tf.function guide's counter: a Python int guarding an op, incremented in traced code."""
import tensorflow as tf
from tensorflow import function


class Model(tf.Module):
    def __init__(self):
        self.v = tf.Variable(0)
        self.counter = 0

    @tf.function
    def __call__(self):
        if self.counter == 0:
            self.counter += 1  # eagerly once; compiled, the assign below runs on every call
            self.v.assign_add(1)
        return self.v


class Warmup(tf.Module):
    def __init__(self):
        self.steps = 0
        self.total = tf.Variable(0.0)

    @function
    def step(self, x):
        self.steps = self.steps + 1
        if self.steps <= 2:
            self.total.assign_add(x)
        return self.total


def exercise():
    m, w = Model(), Warmup()
    return [int(m()) for _ in range(3)], [float(w.step(tf.constant(1.0))) for _ in range(4)]
