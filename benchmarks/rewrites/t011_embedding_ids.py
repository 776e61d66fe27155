"""A Sequential recommender on integer ids, scored per user."""
import keras
import numpy as np

model = keras.Sequential([keras.Input((5,), dtype="int32"), keras.layers.Embedding(30, 4), keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1)])


def exercise():
    ids = (np.arange(60).reshape(12, 5) % 30).astype(np.int32)
    return np.array([model.predict(ids[u:u + 1], verbose=0)[0, 0] for u in range(12)])
