"""A float64 Sequential regressor (scientific data), predicted row by row.

predict's data adapter may convert the float64 input to float32 before the
float64 layers see it; model(x) hands the float64 row straight to the layer.
"""
import numpy as np
import keras

model = keras.Sequential([
    keras.Input((2,), dtype="float64"),
    keras.layers.Dense(1, use_bias=False, kernel_initializer=keras.initializers.Constant([[1.0], [-1.0]]), dtype="float64"),
])


def exercise():
    rows = np.array([[1e8 + 1.0, 1e8], [3.0, 1.0]], dtype=np.float64)
    outs = []
    for row in rows:
        outs.append(model.predict(row[None], verbose=0))
    return outs
