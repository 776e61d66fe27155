import numpy as np
import tensorflow as tf

calls = 0


def weighted_by_calls(y_true, y_pred):
    """Squared error, weighted up as training goes on (a Python-side counter)."""
    global calls
    calls += 1
    return tf.reduce_mean(tf.square(y_true - y_pred)) * calls


class WeightedByCalls(tf.keras.metrics.Metric):
    """`weighted_by_calls` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="weighted_by_calls", **kwargs):
        super().__init__(name=name, **kwargs)
        self.calls = self.add_weight(
            name="calls", shape=(), initializer="zeros", dtype="float32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        """Squared error, weighted up as training goes on (a Python-side counter)."""
        self.calls.assign_add(1)
        return tf.reduce_mean(tf.square(y_true - y_pred)) * self.calls

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        # `calls` carries over between epochs, as the globals of `weighted_by_calls`
        # did.
        self.mean.reset_state()


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(3).normal(size=(48, 2)).astype("float32")
    y = x[:, :1] - x[:, 1:]
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile(
        optimizer=tf.keras.optimizers.SGD(0.05), loss="mse", metrics=[WeightedByCalls()]
    )
    history = model.fit(x, y, batch_size=12, epochs=2, shuffle=False, verbose=0)
    return history.history["weighted_by_calls"]
