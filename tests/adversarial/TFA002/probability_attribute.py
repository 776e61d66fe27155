"""`if random.random() < self.p` and `x * (1 + self.strength * random.uniform(-1, 1))` in
Dataset.map: `self.p` and `self.strength` are Python floats; casting the draw to their
`.dtype` would raise (a float has none), so the draw must meet them as a Python number did."""
import random

import tensorflow as tf


class Augmenter:
    def __init__(self, p=0.5, strength=0.2):
        self.p = p
        self.strength = strength

    def augment(self, x):
        if random.random() < self.p:
            x = x * (1 + self.strength * random.uniform(-1, 1))
        return x

    def apply(self, ds):
        return ds.map(self.augment)


def exercise():
    augmenter = Augmenter()
    xs = tf.ones([600])
    if tf.config.functions_run_eagerly():
        return [augmenter.augment(x) for x in xs]
    return list(augmenter.apply(tf.data.Dataset.from_tensor_slices(xs)))
