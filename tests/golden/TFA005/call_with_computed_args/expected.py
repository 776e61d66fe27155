import tensorflow as tf


def problematic_metric(y_true, y_pred):
    counter = tf.Variable(0)
    counter.assign_add(1)
    return tf.reduce_mean(tf.abs(y_true - y_pred))


class ProblematicMetric(tf.keras.metrics.Metric):
    """`problematic_metric` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="problematic_metric", **kwargs):
        super().__init__(name=name, **kwargs)
        self.counter = self.add_weight(
            name="counter", shape=(), initializer="zeros", dtype="int32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.counter.assign(0)
        self.counter.assign_add(1)
        return tf.reduce_mean(tf.abs(y_true - y_pred))

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.counter.assign(0)
        self.mean.reset_state()


problematic_metric_metric = ProblematicMetric()


@tf.function
def evaluate_step(model, features, labels):
    return problematic_metric_metric.value(labels, model(features))
