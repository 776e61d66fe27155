"""TF-Addons' GeometricMean (verbatim bodies) under Keras 3 (tf.keras in TF 2.21) model.fit."""
import numpy as np
import tensorflow as tf


def sample_weight_shape_match(v, sample_weight):
    if sample_weight is None:
        return tf.ones_like(v)
    if np.size(sample_weight) == 1:
        return tf.fill(v.shape, sample_weight)
    return tf.convert_to_tensor(sample_weight)


class GeometricMean(tf.keras.metrics.Metric):
    def __init__(self, name="geometric_mean", dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype, **kwargs)
        self.total = self.add_weight(name="total", shape=(), initializer="zeros", dtype=dtype)
        self.count = self.add_weight(name="count", shape=(), initializer="zeros", dtype=dtype)

    def update_state(self, values, sample_weight=None) -> None:
        values = tf.cast(values, dtype=self.dtype)
        sample_weight = sample_weight_shape_match(values, sample_weight)
        sample_weight = tf.cast(sample_weight, dtype=self.dtype)
        self.count.assign_add(tf.reduce_sum(sample_weight))
        if not tf.math.is_inf(self.total):
            log_v = tf.math.log(values)
            log_v = tf.math.multiply(sample_weight, log_v)
            log_v = tf.reduce_sum(log_v)
            self.total.assign_add(log_v)

    def result(self):
        if tf.math.is_inf(self.total):
            return tf.constant(0, dtype=self.dtype)
        ret = tf.math.exp(self.total / self.count)
        return tf.cast(ret, dtype=self.dtype)


class Only(tf.keras.metrics.Metric):
    """A metric with update_state(y_true, y_pred, sample_weight) calling the helper with a tensor weight."""
    def __init__(self, **kw):
        super().__init__(**kw)
        self.total = self.add_weight(name="t", shape=(), initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        w = sample_weight_shape_match(y_pred, sample_weight)
        self.total.assign_add(tf.reduce_sum(w * y_pred))

    def result(self):
        return self.total


print("keras", tf.keras.__version__ if hasattr(tf.keras, "__version__") else tf.keras)
m = GeometricMean()
m.update_state([1.0, 3.0, 5.0, 7.0, 9.0])
print("eager result", float(m.result()))
x, y = np.random.rand(8, 3).astype("float32") + 0.5, np.random.rand(8, 1).astype("float32") + 0.5
for metric in (GeometricMean(), Only()):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, activation="softplus")])
    model.compile("sgd", "mse", metrics=[metric])
    try:
        model.fit(x, y, sample_weight=np.ones(8, "float32"), epochs=1, verbose=0)
        print(type(metric).__name__, "fit WORKS")
    except Exception as e:
        print(type(metric).__name__, "fit", type(e).__name__, str(e).splitlines()[0][:150])

# The documented use, `metric(values)` / `update_state` + `result` inside a user's tf.function:
for how in ("call", "methods"):
    metric = GeometricMean()

    @tf.function
    def step(v):
        if how == "call":
            return metric(v)
        metric.update_state(v, sample_weight=tf.ones_like(v))
        return metric.result()

    try:
        print(f"tf.function via {how}:", float(step(tf.constant([1.0, 3.0, 5.0, 7.0, 9.0]))))
    except Exception as e:
        print(f"tf.function via {how}:", type(e).__name__, str(e).strip().splitlines()[-1][:150])
