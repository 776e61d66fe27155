import numpy as np
import tensorflow as tf


def problematic_metric(y_true, y_pred):
    global_variable = tf.Variable(0, dtype=tf.int32)  # Problematic: global variable
    global_variable.assign_add(1)  # Modifies global state

    return tf.reduce_mean(tf.abs(y_true - y_pred))


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(0).normal(size=(60, 3)).astype("float32")
    y = x @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse", metrics=[problematic_metric])
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    return history.history["problematic_metric"]
