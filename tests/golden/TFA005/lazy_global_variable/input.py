import numpy as np
import tensorflow as tf

seen = None


def samples_seen(y_true, y_pred):
    global seen
    if seen is None:
        seen = tf.Variable(0.0)
    seen.assign_add(tf.cast(tf.shape(y_true)[0], tf.float32))
    return seen + 0.0 * tf.reduce_sum(y_pred)


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(6).normal(size=(64, 3)).astype("float32")
    y = x[:, :1]
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse", metrics=[samples_seen])
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    return history.history["samples_seen"]
