import numpy as np
import tensorflow as tf
import tf_keras

inputs = tf_keras.Input((2,))
model = tf_keras.Model(inputs, [tf_keras.layers.Dense(1, kernel_initializer="ones")(inputs), inputs * 3.0])


def exercise(calls=3):
    return [
        tf.nest.map_structure(
            lambda t: t.numpy(),
            model(np.full((1, 2), float(i), dtype="float32"), training=False),
        )
        for i in range(calls)
    ]
