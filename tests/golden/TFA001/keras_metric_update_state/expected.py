import keras
import tensorflow as tf


class PositiveCount(keras.metrics.Metric):
    """A metric whose `update_state` counts each batch in a scratch variable."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")
        self._batch = None

    def update_state(self, y_pred):
        if self._batch is None:
            self._batch = tf.Variable(0.0)
        else:
            self._batch.assign(0.0)
        batch = self._batch
        batch.assign_add(tf.reduce_sum(tf.cast(y_pred > 0, "float32")))
        self.total.assign_add(batch)

    def result(self):
        return self.total.value

    def reset_state(self):
        self.total.assign(0.0)


def exercise():
    metric = PositiveCount()
    update = tf.function(metric.update_state)
    results = []
    for i in range(3):
        update(tf.constant([-1.0, 1.0, 2.0]) * i)
        results.append(metric.result())
    return results
