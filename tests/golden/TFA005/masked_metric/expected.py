import numpy as np
import tensorflow as tf


def per_step_error(y_true, y_pred):
    seen = tf.Variable(0.0)
    seen.assign_add(1.0)
    return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1) * seen


class PerStepError(tf.keras.metrics.Metric):
    """`per_step_error` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="per_step_error", **kwargs):
        super().__init__(name=name, **kwargs)
        self.seen = self.add_weight(
            name="seen", shape=(), initializer="zeros", dtype="float32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.seen.assign(0.0)
        self.seen.assign_add(1.0)
        return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1) * self.seen

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.seen.assign(0.0)
        self.mean.reset_state()


def exercise():
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([
        tf.keras.Input((4,), dtype="int32"),
        tf.keras.layers.Embedding(6, 2, mask_zero=True, embeddings_initializer="ones"),
        tf.keras.layers.Dense(1, kernel_initializer="ones"),
    ])
    model.compile(optimizer="sgd", loss="mse", metrics=[PerStepError()])
    tokens = np.array([[1, 2, 0, 0], [3, 0, 0, 0], [4, 5, 1, 0]], dtype="int32")
    targets = np.arange(12, dtype="float32").reshape(3, 4, 1)
    return model.evaluate(tokens, targets, batch_size=3, verbose=0, return_dict=True)["per_step_error"]
