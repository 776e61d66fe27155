# A notebook exported as a script: it installs TensorFlow 2.15, so `import keras` is Keras 2,
# which has no `keras.ops`.
# !pip install tensorflow==2.15.1
import keras
import numpy as np
import tensorflow as tf

inputs = keras.Input((2,))
model = keras.Model(inputs, [keras.layers.Dense(1, kernel_initializer="ones")(inputs), keras.layers.Dense(2)(inputs)])


def exercise(calls=3):
    return [
        tf.nest.map_structure(
            lambda t: t.numpy(),
            model(np.full((1, 2), float(i), dtype="float32"), training=False),
        )[0]
        for i in range(calls)
    ]
