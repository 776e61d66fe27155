import keras
import numpy as np


class Scored(keras.Sequential):
    def predict_step(self, data):
        x = data[0] if isinstance(data, tuple) else data
        return {"score": self(x, training=False), "positive": keras.ops.cast(self(x, training=False) > 0.0, "float32")}


class Ranker(Scored):  # inherits the override: calling the model would skip it
    pass


model = Ranker([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer="ones")])


def exercise(calls=12):
    rows = np.linspace(-1, 1, 3 * calls, dtype=np.float32).reshape(calls, 3)
    return [
        keras.tree.map_structure(
            keras.ops.convert_to_numpy, model.predict_step(r[None])
        )
        for r in rows
    ]
