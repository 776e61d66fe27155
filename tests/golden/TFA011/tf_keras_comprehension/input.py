import numpy as np
import tensorflow as tf


def exercise():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones", bias_initializer="ones")])
    rows = np.arange(8, dtype="float32").reshape(4, 2)
    return [model.predict(row[None], batch_size=1, verbose=0) for row in rows]
