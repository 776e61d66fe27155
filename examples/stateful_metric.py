"""TFA005: a metric function with state breaks once Keras traces it.

Run: python examples/stateful_metric.py
     (fails: "tf.function only supports singleton tf.Variables created on the first call")
Fix: tfautofix fix --write examples/   (then it prints the per-epoch metric, the values the
     original gives under tf.config.run_functions_eagerly(True): [1.2709, 1.1856])
"""

import numpy as np
import tensorflow as tf


def problematic_metric(y_true, y_pred):
    calls = tf.Variable(0, dtype=tf.int32)
    calls.assign_add(1)
    return tf.reduce_mean(tf.abs(y_true - y_pred))


def train():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(0).normal(size=(64, 3)).astype("float32")
    y = x @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse", metrics=[problematic_metric])
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    return history.history["problematic_metric"], model


def exercise():
    return train()[0]


if __name__ == "__main__":
    per_epoch, model = train()
    print("problematic_metric per epoch:", [round(v, 4) for v in per_epoch])
    # Keras 3 wraps its tf.function; tf-keras (TF_USE_LEGACY_KERAS=1) exposes it.
    count = getattr(model.train_function, "experimental_get_tracing_count", None)
    print("traces:", count() if count else "n/a (Keras 3 hides its tf.function)")
