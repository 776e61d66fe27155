"""Interpolating between digits in an autoencoder's latent space, frame by frame.

Modelled on zaidalyafeai/Notebooks, AutoEncoders.ipynb (for each `x` in `np.linspace(0, 1, size)` and each
pair of batches: `v1 = encoder.predict(x1)`, `v2 = encoder.predict(x2)`, `v = f(x) * v1 + f(1-x) * v2`,
`y = decoder.predict(v)`, frames concatenated).
"""
import keras
import numpy as np

keras.utils.set_random_seed(3)
x_train = np.random.default_rng(3).random((20, 6, 6)).astype("float32")
encoder = keras.Sequential([keras.Input((6, 6)), keras.layers.Flatten(), keras.layers.Dense(2)])
decoder = keras.Sequential([keras.Input((2,)), keras.layers.Dense(36, activation="sigmoid"), keras.layers.Reshape((6, 6))])


def f(t):
    return t * t * (3 - 2 * t)  # smoothstep


def exercise(size=4):
    rng = np.random.default_rng(0)
    batches = []
    for _ in range(0, 2):
        i1 = rng.integers(0, len(x_train) - 3)
        i2 = rng.integers(0, len(x_train) - 3)
        batches.append([x_train[i1:i1 + 3], x_train[i2:i2 + 3]])
    frames = []
    for x in list(np.linspace(0, 1, size)):
        frame = None
        for (x1, x2) in batches:
            v1 = encoder.predict(x1, verbose=0)
            v2 = encoder.predict(x2, verbose=0)
            v = f(x) * v1 + f(1 - x) * v2
            y = decoder.predict(v, verbose=0)
            img = np.reshape(y, (3 * 6, 6)) * 255
            frame = img if frame is None else np.concatenate([frame, img], axis=1)
        frames.append(frame)
    return np.array(frames)
