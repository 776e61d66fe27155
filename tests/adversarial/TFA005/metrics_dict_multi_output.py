"""A stateful metric function on one output of a two-output model, given in a per-output dict
(`metrics={"score": [fn], "label": ["accuracy"]}`), with integer labels and an int32 counter.

The call-site update must find the function inside a dict's list (and leave the other output's
string metric alone); the generated Metric must keep the int32 counter's dtype and cast the
integer labels as the body does; Keras must still attach it to the `score` output only (the
metric's name in the results, `score_count_weighted_error`, changes if it lands elsewhere).
"""
import numpy as np
import tensorflow as tf


def count_weighted_error(y_true, y_pred):
    calls = tf.Variable(0, dtype=tf.int32)
    calls.assign_add(1)
    error = tf.abs(tf.cast(y_true, y_pred.dtype) - y_pred)
    return tf.reduce_mean(error, axis=-1) * tf.cast(calls, y_pred.dtype)


def exercise():
    tf.keras.utils.set_random_seed(7)
    inputs = tf.keras.Input((3,))
    score = tf.keras.layers.Dense(1, name="score", kernel_initializer="ones")(inputs)
    label = tf.keras.layers.Dense(2, activation="softmax", name="label", kernel_initializer="zeros")(inputs)
    model = tf.keras.Model(inputs, {"score": score, "label": label})
    model.compile(
        optimizer="sgd",
        loss={"score": "mse", "label": "sparse_categorical_crossentropy"},
        metrics={"score": [count_weighted_error], "label": ["accuracy"]},
    )
    x = np.arange(12, dtype="float32").reshape(4, 3) / 10.0
    y = {"score": np.array([[1], [2], [0], [3]], dtype="int32"), "label": np.array([0, 1, 1, 0], dtype="int32")}
    result = model.evaluate(x, y, batch_size=2, verbose=0, return_dict=True)
    return {name: value for name, value in sorted(result.items()) if "error" in name or "accuracy" in name}
