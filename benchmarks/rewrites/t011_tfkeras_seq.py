"""tf-keras (Keras 2) Sequential scored row by row."""
import numpy as np
import tf_keras

model = tf_keras.Sequential([tf_keras.layers.Dense(6, activation="relu", input_shape=(3,)), tf_keras.layers.Dense(1)])


def exercise():
    rows = np.linspace(0, 1, 45, dtype=np.float32).reshape(15, 3)
    preds = []
    for row in rows:
        preds.append(model.predict(row[None], verbose=0)[0, 0])
    return np.array(preds)
