import numpy as np
import tensorflow as tf


def per_step_error(y_true, y_pred):
    seen = tf.Variable(0.0)
    seen.assign_add(1.0)
    return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1) * seen


def exercise():
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([
        tf.keras.Input((4,), dtype="int32"),
        tf.keras.layers.Embedding(6, 2, mask_zero=True, embeddings_initializer="ones"),
        tf.keras.layers.Dense(1, kernel_initializer="ones"),
    ])
    model.compile(optimizer="sgd", loss="mse", metrics=[per_step_error])
    tokens = np.array([[1, 2, 0, 0], [3, 0, 0, 0], [4, 5, 1, 0]], dtype="int32")
    targets = np.arange(12, dtype="float32").reshape(3, 4, 1)
    return model.evaluate(tokens, targets, batch_size=3, verbose=0, return_dict=True)["per_step_error"]
