import keras
import numpy as np

inputs = keras.Input((2,))
model = keras.Model(inputs, {"sum": keras.ops.sum(inputs, axis=-1), "dense": keras.layers.Dense(1, kernel_initializer="ones")(inputs)})


def exercise(calls=3):
    return [model.predict(np.full((1, 2), float(i), dtype="float32"), verbose=0) for i in range(calls)]
