import tensorflow as tf


class layers:
    """Not Keras: a local namespace called `layers`."""

    @staticmethod
    def Dense(units):
        return lambda x: x * units


@tf.function
def step(x):
    return layers.Dense(3)(x)
