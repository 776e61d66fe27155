import numpy as np
import tensorflow as T
from tensorflow import Variable
from tensorflow import keras as K


def hit_rate(labels, scores):
    threshold = Variable(0.5)
    hits = T.cast(T.abs(labels - scores) < threshold, T.float32)
    return T.reduce_mean(hits, axis=-1)


class HitRate(K.metrics.Metric):
    """`hit_rate` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="hit_rate", **kwargs):
        super().__init__(name=name, **kwargs)
        self.threshold = self.add_weight(
            name="threshold",
            shape=(),
            initializer=K.initializers.Constant(0.5),
            dtype="float32",
        )
        self.mean = K.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, labels, scores):
        self.threshold.assign(0.5)
        hits = T.cast(T.abs(labels - scores) < self.threshold, T.float32)
        return T.reduce_mean(hits, axis=-1)

    def update_state(self, labels, scores, sample_weight=None):
        self.mean.update_state(labels, scores, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.threshold.assign(0.5)
        self.mean.reset_state()


def exercise():
    K.utils.set_random_seed(0)
    x = np.random.default_rng(5).normal(size=(40, 3)).astype("float32")
    y = x @ np.array([[0.3], [0.3], [0.3]], dtype="float32")
    model = K.Sequential([K.Input((3,)), K.layers.Dense(1)])
    model.compile(
        optimizer=K.optimizers.SGD(0.05), loss="mse", weighted_metrics=[HitRate()]
    )
    weights = np.linspace(0.5, 1.5, 40).astype("float32")
    history = model.fit(x, y, sample_weight=weights, batch_size=16, epochs=2, shuffle=False, verbose=0)
    return history.history["hit_rate"]
