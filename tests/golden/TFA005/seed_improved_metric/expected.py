import numpy as np
import tensorflow as tf
from tensorflow import keras


def improved_metric(y_true, y_pred):
    internal_variable = tf.Variable(0, dtype=tf.int32)  # Internal variable, no global access

    # Use internal variable to avoid changing the global state
    updated_internal_variable = tf.cond(
        tf.equal(internal_variable, 0),
        lambda: internal_variable.assign_add(1),
        lambda: internal_variable,
    )
    return tf.reduce_mean(tf.abs(y_true - y_pred)) * tf.cast(updated_internal_variable, tf.float32)


class ImprovedMetric(tf.keras.metrics.Metric):
    """`improved_metric` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="improved_metric", **kwargs):
        super().__init__(name=name, **kwargs)
        self.internal_variable = self.add_weight(
            name="internal_variable", shape=(), initializer="zeros", dtype="int32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.internal_variable.assign(0)  # Internal variable, no global access

        # Use internal variable to avoid changing the global state
        updated_internal_variable = tf.cond(
            tf.equal(self.internal_variable, 0),
            lambda: self.internal_variable.assign_add(1),
            lambda: self.internal_variable,
        )
        return tf.reduce_mean(tf.abs(y_true - y_pred)) * tf.cast(
            updated_internal_variable, tf.float32
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.internal_variable.assign(0)
        self.mean.reset_state()


def exercise():
    keras.utils.set_random_seed(0)
    x = np.random.default_rng(1).normal(size=(50, 4)).astype("float32")
    y = x.sum(axis=1, keepdims=True)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile(
        optimizer=keras.optimizers.SGD(0.01),
        loss="mse",
        metrics=["mae", ImprovedMetric()],
    )
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    scores = model.evaluate(x, y, batch_size=16, verbose=0, return_dict=True)
    return history.history["improved_metric"], history.history["mae"], scores["improved_metric"]
