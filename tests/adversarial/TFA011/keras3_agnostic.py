"""Backend-agnostic Keras 3 code (no TensorFlow import): `.numpy()` exists only on TF tensors.

The result must become NumPy through keras.ops.convert_to_numpy, without importing TensorFlow.
"""
import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="ones")])


def exercise():
    rows = np.arange(12, dtype="float32").reshape(4, 3)
    return [np.round(model.predict(row[None], verbose=0) * 2.0, 3) for row in rows]
