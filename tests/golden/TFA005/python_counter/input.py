import numpy as np
import tensorflow as tf

calls = 0


def weighted_by_calls(y_true, y_pred):
    """Squared error, weighted up as training goes on (a Python-side counter)."""
    global calls
    calls += 1
    return tf.reduce_mean(tf.square(y_true - y_pred)) * calls


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(3).normal(size=(48, 2)).astype("float32")
    y = x[:, :1] - x[:, 1:]
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse", metrics=[weighted_by_calls])
    history = model.fit(x, y, batch_size=12, epochs=2, shuffle=False, verbose=0)
    return history.history["weighted_by_calls"]
