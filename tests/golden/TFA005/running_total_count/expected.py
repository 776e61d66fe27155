import numpy as np
import tensorflow as tf

total = 0.0
count = 0.0


def running_mae(y_true, y_pred):
    """Mean absolute error over every sample seen so far."""
    global total, count
    total += tf.reduce_sum(tf.abs(y_true - y_pred))
    count += tf.cast(tf.size(y_true), tf.float32)
    return total / count


class RunningMae(tf.keras.metrics.Metric):
    """`running_mae` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="running_mae", **kwargs):
        super().__init__(name=name, **kwargs)
        self.count = self.add_weight(
            name="count", shape=(), initializer="zeros", dtype="float32"
        )
        self.total = self.add_weight(
            name="total", shape=(), initializer="zeros", dtype="float32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        """Mean absolute error over every sample seen so far."""
        self.total.assign_add(tf.reduce_sum(tf.abs(y_true - y_pred)))
        self.count.assign_add(tf.cast(tf.size(y_true), tf.float32))
        return self.total / self.count

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        # `count`, `total` carry over between epochs, as the globals of `running_mae`
        # did.
        self.mean.reset_state()


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(2).normal(size=(64, 3)).astype("float32")
    y = x @ np.array([[0.5], [1.0], [-1.0]], dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile(
        optimizer=tf.keras.optimizers.SGD(0.05), loss="mse", metrics=[RunningMae()]
    )
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    return history.history["running_mae"]
