"""The stateful metric reaches `compile` through a module constant, `METRICS = [running_gap]`: a
fix that adds a `RunningGap` class but updates no call site changes nothing at runtime, and then
the finding is gone (the class exists) while `fit` still creates a variable per traced call. The
fix must decline: the function is handed on as a value it would not update."""
import numpy as np
import tensorflow as tf


def running_gap(y_true, y_pred):
    total = tf.Variable(0.0)
    total.assign_add(tf.reduce_mean(y_true - y_pred))
    return total.read_value()


METRICS = [running_gap]


def exercise():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer="sgd", loss="mse", metrics=METRICS)
    x = np.arange(8, dtype="float32").reshape(4, 2)
    y = np.arange(4, dtype="float32").reshape(4, 1)
    return model.fit(x, y, batch_size=2, epochs=1, verbose=0).history
