import keras
import numpy as np


def peak_error(y_true, y_pred):
    peak = keras.Variable(0.0)
    peak.assign(keras.ops.max(keras.ops.abs(y_true - y_pred)))
    return peak * 1.0


class PeakError(keras.metrics.Metric):
    """`peak_error` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="peak_error", **kwargs):
        super().__init__(name=name, **kwargs)
        self.peak = self.add_weight(
            name="peak", shape=(), initializer="zeros", dtype="float32"
        )
        self.mean = keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.peak.assign(0.0)
        self.peak.assign(keras.ops.max(keras.ops.abs(y_true - y_pred)))
        return self.peak * 1.0

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.peak.assign(0.0)
        self.mean.reset_state()


def exercise():
    keras.utils.set_random_seed(0)
    x = np.random.default_rng(8).normal(size=(40, 2)).astype("float32")
    y = x[:, :1] * 3.0
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(
        optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=("mae", PeakError())
    )
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    scores = model.evaluate(x, y, batch_size=16, verbose=0, return_dict=True)
    return history.history["peak_error"], scores["peak_error"]
