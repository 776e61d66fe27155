"""keras_hub EditDistance/Bleu shape: a Keras 3 metric whose update_state converts a graph
tensor with np.asarray (tensor_utils.py:131) or .numpy() (bleu.py:287, tensor_utils.py:381)."""
import numpy as np
import tensorflow as tf
import keras


def convert_to_numpy(x):
    if isinstance(x, np.ndarray):
        return x
    if isinstance(x, tf.RaggedTensor):
        return x.numpy()
    if isinstance(x, tf.Tensor):
        return np.asarray(x)
    return np.array(x)


class EditLike(keras.metrics.Metric):
    def __init__(self):
        super().__init__(name="edit")
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.total.assign_add(convert_to_numpy(tf.cast(tf.size(y_true), "float32")))

    def result(self):
        return self.total


class BleuLike(EditLike):
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.total.assign_add(float(tf.reduce_sum(y_true).numpy()))


for metric in (EditLike(), BleuLike()):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(loss="mse", metrics=[metric])
    try:
        model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=1, verbose=0)
        print(type(metric).__name__, "fit: ran")
    except Exception as error:  # noqa: BLE001
        print(type(metric).__name__, "fit:", type(error).__name__, str(error).splitlines()[0][:100])
