import keras
import tensorflow as tf

MODE = "train"


class Model(keras.Model):
    def __init__(self):
        super().__init__()
        self.head = keras.layers.Dense(2)
        self.table = {}
        self.mode = "train"

    def swap_head(self):
        self.head = keras.layers.Dense(2)
        self.table = {"a": 1}

    def set_mode(self, mode):
        self.mode = mode

    def summary_line(self):
        return f"{self.mode}"

    def call(self, x):
        return self.head(x) * self.table.get("a", 1)


def report():
    global MODE
    MODE = "eval"
    return MODE


class Stacked(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.explicit_shape = False
        self.units = 2

    def add(self, layer):
        self.explicit_shape = True  # a one-way structural flag

    def configure(self, units):
        self.units = units  # an argument of unknown kind, not a setter

    def call(self, x):
        if not self.explicit_shape:
            return x
        return x * self.units


LIMIT = 1.0


def relax():
    global LIMIT
    LIMIT = 2.0


@tf.function
def clip(x, config):
    return tf.minimum(x, config.LIMIT)  # an attribute, not the global
