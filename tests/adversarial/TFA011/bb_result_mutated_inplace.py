"""The predicted row is post-processed in place (thresholding) before it is stored.

predict returns a fresh, writable NumPy array; `.numpy()` of an eager tensor
may share memory with the tensor and be read-only.
"""
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, kernel_initializer="identity")])


def exercise():
    rows = np.array([[0.2, 0.7, 0.9], [0.6, 0.1, 0.4]], dtype=np.float32)
    outs = []
    for row in rows:
        p = model.predict(row[None], verbose=0)
        p[p < 0.5] = 0.0
        outs.append(p)
    return outs
