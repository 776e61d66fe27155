"""A two-input functional model (user, item) queried pair by pair."""
import keras
import numpy as np

user = keras.Input((3,))
item = keras.Input((3,))
joined = keras.layers.Concatenate()([user, item])
model = keras.Model([user, item], keras.layers.Dense(1, activation="sigmoid")(joined))


def exercise():
    users = np.linspace(0, 1, 36, dtype=np.float32).reshape(12, 3)
    items = users[::-1].copy()
    return np.array([model.predict([users[i:i + 1], items[i:i + 1]], verbose=0)[0, 0] for i in range(12)])
