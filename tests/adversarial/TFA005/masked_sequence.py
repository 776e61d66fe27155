"""A metric function on a masked sequence model (a Masking layer), evaluated with sample weights.

Keras wraps a function metric in MeanMetricWrapper, which weights each step by y_pred's
mask times the sample weights. A generated Metric that averaged the returned values
itself, or dropped either weight, would count padded steps or ignore the weights.
(The golden case masked_metric has the mask of an Embedding and no sample weights.)
"""
import numpy as np
import tensorflow as tf


def per_step_error(y_true, y_pred):
    seen = tf.Variable(0.0)
    seen.assign_add(1.0)
    return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1) * seen


def exercise():
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([
        tf.keras.Input((4, 1)),
        tf.keras.layers.Masking(mask_value=0.0),
        tf.keras.layers.Dense(1, kernel_initializer="ones"),
    ])
    model.compile(optimizer="sgd", loss="mse", metrics=[per_step_error])
    steps = np.array([[1, 2, 0, 0], [3, 0, 0, 0], [4, 5, 1, 0]], dtype="float32")[..., None]
    targets = np.arange(12, dtype="float32").reshape(3, 4, 1)
    weights = np.array([[1.0, 1.0, 1.0, 1.0], [0.5, 0.5, 0.5, 0.5], [2.0, 1.0, 1.0, 1.0]], dtype="float32")
    result = model.evaluate(steps, targets, sample_weight=weights, batch_size=3, verbose=0, return_dict=True)
    return result["per_step_error"]
