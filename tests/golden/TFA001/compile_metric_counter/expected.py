import keras
import numpy as np
import tensorflow as tf

_positives_count = tf.Variable(0.0)


def positives(y_true, y_pred):
    """Counts the predictions above 0.5 in a batch."""
    count = _positives_count
    count.assign(0.0)
    count.assign_add(tf.reduce_sum(tf.cast(y_pred > 0.5, tf.float32)))
    return count


def exercise():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(loss="mse", metrics=[positives])
    x = np.array([[0.1, 0.2], [0.5, 0.6], [1.0, 1.0], [-1.0, 0.0]], dtype="float32")
    y = np.zeros((4, 1), dtype="float32")
    return model.evaluate(x, y, batch_size=2, verbose=0, return_dict=True)
