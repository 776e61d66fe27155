import tensorflow as tf


def batch_mae(y_true, y_pred):
    calls = tf.Variable(0.0)
    calls.assign_add(1.0)
    return tf.reduce_mean(tf.abs(y_true - y_pred)) * calls


class BatchMae(tf.keras.metrics.Metric):
    """`batch_mae` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="batch_mae", **kwargs):
        super().__init__(name=name, **kwargs)
        self.calls = self.add_weight(
            name="calls", shape=(), initializer="zeros", dtype="float32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.calls.assign(0.0)
        self.calls.assign_add(1.0)
        return tf.reduce_mean(tf.abs(y_true - y_pred)) * self.calls

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.calls.assign(0.0)
        self.mean.reset_state()


batch_mae_metric = BatchMae()


@tf.function
def paired_error(y1, p1, y2, p2):
    return batch_mae_metric.value(y1, p1) + 10.0 * batch_mae_metric.value(y2, p2)


def exercise():
    y = tf.constant([[1.0], [2.0]])
    return [paired_error(y, y * k, y + k, y) for k in (0.5, 2.0, 3.0)]
