"""tf-keras functional model with dropout, queried per sample."""
import numpy as np
import tf_keras

inputs = tf_keras.Input((4,))
x = tf_keras.layers.Dense(8, activation="relu")(inputs)
x = tf_keras.layers.Dropout(0.5)(x)
model = tf_keras.Model(inputs, tf_keras.layers.Dense(2)(x))


def exercise():
    rows = np.linspace(-1, 1, 48, dtype=np.float32).reshape(12, 4)
    return np.concatenate([model.predict(r[None], verbose=0) for r in rows])
