"""A model that overrides predict_step to post-process; scored per item."""
import keras
import numpy as np


class Thresholded(keras.Sequential):
    def predict_step(self, data):
        x = data[0] if isinstance(data, tuple) else data
        return keras.ops.cast(self(x, training=False) > 0.0, "float32")


model = Thresholded([keras.Input((3,)), keras.layers.Dense(1)])


def exercise():
    rows = np.linspace(-1, 1, 36, dtype=np.float32).reshape(12, 3)
    return np.array([model.predict(r[None], verbose=0)[0, 0] for r in rows])
