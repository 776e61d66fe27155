import numpy as np
import tensorflow as tf

total = 0.0
count = 0.0


def running_mae(y_true, y_pred):
    """Mean absolute error over every sample seen so far."""
    global total, count
    total += tf.reduce_sum(tf.abs(y_true - y_pred))
    count += tf.cast(tf.size(y_true), tf.float32)
    return total / count


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(2).normal(size=(64, 3)).astype("float32")
    y = x @ np.array([[0.5], [1.0], [-1.0]], dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse", metrics=[running_mae])
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    return history.history["running_mae"]
