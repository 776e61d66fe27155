import keras
import numpy as np


def peak_error(y_true, y_pred):
    peak = keras.Variable(0.0)
    peak.assign(keras.ops.max(keras.ops.abs(y_true - y_pred)))
    return peak * 1.0


def exercise():
    keras.utils.set_random_seed(0)
    x = np.random.default_rng(8).normal(size=(40, 2)).astype("float32")
    y = x[:, :1] * 3.0
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=("mae", peak_error))
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    scores = model.evaluate(x, y, batch_size=16, verbose=0, return_dict=True)
    return history.history["peak_error"], scores["peak_error"]
