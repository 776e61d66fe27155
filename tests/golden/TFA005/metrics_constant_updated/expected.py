import numpy as np
import tensorflow as tf


def running_gap(y_true, y_pred):
    total = tf.Variable(0.0)
    total.assign_add(tf.reduce_mean(y_true - y_pred))
    return total.read_value()


class RunningGap(tf.keras.metrics.Metric):
    """`running_gap` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="running_gap", **kwargs):
        super().__init__(name=name, **kwargs)
        self.total = self.add_weight(
            name="total", shape=(), initializer="zeros", dtype="float32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.total.assign(0.0)
        self.total.assign_add(tf.reduce_mean(y_true - y_pred))
        return tf.identity(self.total)

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.total.assign(0.0)
        self.mean.reset_state()


METRICS = [RunningGap(), "mae"]


def exercise():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer="sgd", loss="mse", metrics=METRICS)
    x = np.arange(8, dtype="float32").reshape(4, 2)
    y = np.arange(4, dtype="float32").reshape(4, 1)
    return model.fit(x, y, batch_size=2, epochs=1, verbose=0, shuffle=False).history
