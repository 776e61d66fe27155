"""TFA011: `model.predict` per item in a loop pays its setup, and its tracing, on every call.

Run: python examples/predict_in_loop.py   (a dozen traces for 4 rows; after the fix, none)
Fix: tfautofix fix --write examples/   (model.predict(x) → model(x, training=False).numpy())
"""

import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer="ones")])


def exercise():
    rows = np.arange(12, dtype="float32").reshape(4, 3)
    return [model.predict(row[None], verbose=0) for row in rows]


if __name__ == "__main__":
    from tensorflow.python.eager.polymorphic_function import tracing_compilation

    traces = 0
    create = tracing_compilation._create_concrete_function

    def counting(*args, **kwargs):
        global traces
        traces += 1
        return create(*args, **kwargs)

    tracing_compilation._create_concrete_function = counting
    exercise()
    print("traces:", traces)
