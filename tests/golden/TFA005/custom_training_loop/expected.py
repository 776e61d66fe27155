import numpy as np
import tensorflow as tf


def problematic_metric(y_true, y_pred):
    steps = tf.Variable(0, dtype=tf.int32)
    steps.assign_add(1)
    return tf.reduce_mean(tf.abs(y_true - y_pred))


class ProblematicMetric(tf.keras.metrics.Metric):
    """`problematic_metric` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="problematic_metric", **kwargs):
        super().__init__(name=name, **kwargs)
        self.steps = self.add_weight(
            name="steps", shape=(), initializer="zeros", dtype="int32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.steps.assign(0)
        self.steps.assign_add(1)
        return tf.reduce_mean(tf.abs(y_true - y_pred))

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.steps.assign(0)
        self.mean.reset_state()


problematic_metric_metric = ProblematicMetric()


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(4).normal(size=(64, 3)).astype("float32")
    y = x @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.SGD(0.01)

    @tf.function
    def training_step(features, labels):
        with tf.GradientTape() as tape:
            predictions = model(features)
            loss = tf.reduce_mean(tf.square(labels - predictions))
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        # The metric of this batch
        metric_value = problematic_metric_metric.value(labels, predictions)
        return loss, metric_value

    history = []
    for _ in range(2):
        values = [training_step(x[i : i + 16], y[i : i + 16])[1] for i in range(0, 64, 16)]
        history.append(float(np.mean(values)))
    return history
