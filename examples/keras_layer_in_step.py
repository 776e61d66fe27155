"""TFA013: a Keras layer built inside a tf.function creates variables while tracing.

Run: python examples/keras_layer_in_step.py   (fails: "tf.function only supports singleton tf.Variables")
Fix: tfautofix fix --write --unsafe-fixes examples/   (the layer is built once, at module level)
"""

import tensorflow as tf


@tf.function
def normalize(x):
    return tf.keras.layers.LayerNormalization()(x)


def exercise():
    return [normalize(tf.constant([[1.0, 2.0, 4.0]]) * i) for i in range(1, 4)]


if __name__ == "__main__":
    exercise()
    print("traces:", normalize.experimental_get_tracing_count())
