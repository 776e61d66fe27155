"""Scoring rows one by one with a Sequential model (Keras 3)."""
import keras
import numpy as np

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])


def score_rows(rows):
    scores = []
    for row in rows:
        scores.append(model.predict(row[None], verbose=0)[0, 0])
    return scores


def exercise():
    return np.array(score_rows(np.linspace(0, 1, 60, dtype=np.float32).reshape(15, 4)))
