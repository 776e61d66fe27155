"""`predict` in a loop that is not per-item prediction, or not Keras' `predict`:
- a whole dataset per call (`predict(ds, steps=n)`, `predict(tf.data.Dataset...)`): many batches
  per call, the setup paid once per dataset (tf-keras' benchmarks repeat it to time it);
- a receiver of unknown type given arguments Keras' `predict(x, ...)` does not take
  (`task.predict(*outputs)`, TF-GNN's Task API; `gpr.predict(x, return_std=True)`, a
  scikit-learn regressor in keras-tuner).
None is reported."""
import numpy as np
import tensorflow as tf


def timed_runs(model, data, runs):
    ds = tf.data.Dataset.from_tensor_slices(data).batch(4).repeat()
    return [model.predict(ds, steps=2, verbose=0) for _ in range(runs)]


def per_split(model, splits):
    return [model.predict(tf.data.Dataset.from_tensor_slices(x).batch(4), verbose=0) for x in splits]


def heads(tasks, outputs):
    return {name: task.predict(*outputs) for name, task in tasks.items()}


def uncertainties(regressor, points):
    return [regressor.predict(p[None], return_std=True) for p in points]


class Sum:
    def predict(self, *outputs):
        return tf.add_n(list(outputs))


class Regressor:
    def predict(self, x, return_std=False):
        return (x.sum(-1), x.std(-1)) if return_std else x.sum(-1)


def exercise():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, kernel_initializer="ones")])
    data = np.arange(24, dtype="float32").reshape(8, 3)
    return {
        "timed": timed_runs(model, data, 2),
        "splits": per_split(model, [data[:4], data[4:]]),
        "heads": heads({"sum": Sum()}, [tf.ones([2]), tf.ones([2])]),
        "uncertainties": uncertainties(Regressor(), data[:3]),
    }
