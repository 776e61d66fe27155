import numpy as np
import tensorflow as tf


def problematic_metric(y_true, y_pred):
    global_variable = tf.Variable(0, dtype=tf.int32)  # Problematic: global variable
    global_variable.assign_add(1)  # Modifies global state

    return tf.reduce_mean(tf.abs(y_true - y_pred))


class ProblematicMetric(tf.keras.metrics.Metric):
    """`problematic_metric` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="problematic_metric", **kwargs):
        super().__init__(name=name, **kwargs)
        self.global_variable = self.add_weight(
            name="global_variable", shape=(), initializer="zeros", dtype="int32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.global_variable.assign(0)  # Problematic: global variable
        self.global_variable.assign_add(1)  # Modifies global state

        return tf.reduce_mean(tf.abs(y_true - y_pred))

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.global_variable.assign(0)
        self.mean.reset_state()


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(0).normal(size=(60, 3)).astype("float32")
    y = x @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile(
        optimizer=tf.keras.optimizers.SGD(0.01),
        loss="mse",
        metrics=[ProblematicMetric()],
    )
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    return history.history["problematic_metric"]
