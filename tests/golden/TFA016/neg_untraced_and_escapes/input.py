import json

import numpy as np
import tensorflow as tf

with open("config.json") as f:
    CONFIG = json.load(f)


def load():
    return np.load("table.npy")


@tf.function
def step(x):
    content = tf.io.read_file("weights.txt")
    return x * tf.strings.to_number(content) * CONFIG["factor"]


@tf.function
def each_call(x):
    def read(v):
        with open("scale.txt") as f:
            return v * float(f.read())

    return tf.py_function(read, [x], tf.float32)


class Opener:
    def open(self, path):
        return path


@tf.function
def not_a_file(x, opener=Opener()):
    opener.open("x")
    return x
