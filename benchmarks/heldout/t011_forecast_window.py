"""Time-series forecast, one window at a time.

Modelled on https-deeplearning-ai/tensorflow-1-public, C4/W2/ungraded_labs/C4_W2_Lab_2_single_layer_NN.ipynb
(`forecast.append(model.predict(series[time:time + window_size][np.newaxis], verbose=0))`).
"""
import keras
import numpy as np

keras.utils.set_random_seed(2)
window_size = 6
series = np.sin(np.arange(30, dtype=np.float32) / 3.0)
model = keras.Sequential([keras.Input((window_size,)), keras.layers.Dense(1)])


def exercise():
    forecast = []
    for time in range(len(series) - window_size - 14, len(series) - window_size):
        forecast.append(model.predict(series[time:time + window_size][np.newaxis], verbose=0))
    results = np.array(forecast).squeeze()
    return results
