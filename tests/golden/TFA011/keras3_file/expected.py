import keras
import numpy as np

inputs = keras.Input((2,))
model = keras.Model(inputs, {"sum": keras.ops.sum(inputs, axis=-1), "dense": keras.layers.Dense(1, kernel_initializer="ones")(inputs)})


def exercise(calls=3):
    return [
        keras.tree.map_structure(
            keras.ops.convert_to_numpy,
            model(np.full((1, 2), float(i), dtype="float32"), training=False),
        )
        for i in range(calls)
    ]
