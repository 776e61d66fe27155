import tensorflow as tf


def running_count(y_true, y_pred):
    counter = tf.Variable(0.0)
    counter.assign_add(tf.cast(tf.size(y_true), tf.float32))
    return counter


class RunningCount(tf.keras.metrics.Metric):
    """`running_count` as a Keras metric: its state lives in weights created once (TFA005)."""

    def __init__(self, name="running_count", **kwargs):
        super().__init__(name=name, **kwargs)
        self.counter = self.add_weight(name="counter", shape=(), initializer="zeros", dtype="float32")
        self.mean = tf.keras.metrics.Mean(name="mean")

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.counter.assign(0.0)
        self.counter.assign_add(tf.cast(tf.size(y_true), tf.float32))
        self.mean.update_state(self.counter, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.counter.assign(0.0)
        self.mean.reset_state()


def build(model):
    model.compile(optimizer="sgd", loss="mse", metrics=[RunningCount()])
