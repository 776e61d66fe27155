"""A custom metric that counts how many batches it has seen (Keras 3)."""
import keras
import numpy as np
import tensorflow as tf

seen = tf.Variable(0.0)


def mean_abs_error_seen(y_true, y_pred):
    seen.assign_add(1.0)
    return tf.reduce_mean(tf.abs(y_true - y_pred))


def exercise():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer="sgd", loss="mse", metrics=[mean_abs_error_seen])
    x = np.ones((8, 2), np.float32)
    return model.evaluate(x, np.zeros((8, 1), np.float32), batch_size=4, verbose=0)
