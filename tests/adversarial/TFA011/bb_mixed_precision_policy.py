"""A Sequential built under the mixed_float16 policy, predicted per sample.

Both paths compute in float16; the returned dtype and values must match.
"""
import numpy as np
import keras

keras.mixed_precision.set_global_policy("mixed_float16")
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(2, kernel_initializer="ones"), keras.layers.Dense(1, kernel_initializer="ones")])
keras.mixed_precision.set_global_policy("float32")


def exercise():
    xs = np.array([[0.1, 0.2], [1.5, 2.5], [100.0, 3.0]], dtype=np.float32)
    return [model.predict(x[None], verbose=0) for x in xs]
