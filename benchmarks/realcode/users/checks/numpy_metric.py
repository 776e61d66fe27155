"""Localizer.ipynb (zaidalyafeai/Notebooks): a metric function doing NumPy on y_true/y_pred, given to compile.

Expected (real): fit raises, NumPy cannot convert the symbolic tensors of the traced train step.
"""
import numpy as np
import tensorflow as tf


def iou(boxA, boxB):
    xA = np.maximum(boxA[:, 0], boxB[:, 0])
    xB = np.minimum(boxA[:, 2], boxB[:, 2])
    return tf.reduce_mean(np.mean(np.maximum(0, xB - xA + 1)))


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="sigmoid")])
model.compile(optimizer="adam", loss="mean_squared_error", metrics=[iou])
try:
    model.fit(np.zeros((8, 3)), np.zeros((8, 4)), epochs=1, verbose=0)
    print("numpy_metric: fit ran (finding would be false)")
except Exception as error:  # noqa: BLE001
    print(f"numpy_metric: fit raised {type(error).__name__}: {str(error).splitlines()[0][:120]} (finding real)")
