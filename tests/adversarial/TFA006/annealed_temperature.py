"""A sampler whose temperature is annealed between steps; each step wraps its logits
function in a new tf.function, which traces the current temperature afresh.

Hoisted into `__init__`, the function would keep the first temperature forever.
"""
import tensorflow as tf


class Sampler:
    def __init__(self):
        self.temperature = 2.0
        self.scores = tf.constant([1.0, 2.0, 3.0])

    def logits(self, x):
        return (self.scores + x) / self.temperature

    def step(self, x):
        compiled = tf.function(self.logits)
        return compiled(x)

    def run(self, steps):
        out = []
        for _ in range(steps):
            out.append(self.step(tf.constant(1.0)))
            self.temperature *= 0.5
        return out


def exercise():
    return Sampler().run(3)
