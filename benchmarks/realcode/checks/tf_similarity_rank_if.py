"""tensorflow-similarity's build_masks (`if tf.rank(labels) == 1:`) reached from a metric's update_state."""
import numpy as np, tensorflow as tf

def build_masks(query_labels, key_labels):
    if tf.rank(query_labels) == 1:
        query_labels = tf.reshape(query_labels, (-1, 1))
    if tf.rank(key_labels) == 1:
        key_labels = tf.reshape(key_labels, (-1, 1))
    return tf.math.equal(query_labels, tf.transpose(key_labels))

class PairMetric(tf.keras.metrics.Metric):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.total = self.add_weight(name="t", shape=(), initializer="zeros")
    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = tf.reshape(tf.cast(y_true, tf.int32), [-1])
        self.total.assign_add(tf.reduce_sum(tf.cast(build_masks(labels, labels), tf.float32)))
    def result(self):
        return self.total

x, y = np.random.rand(8, 3).astype("float32"), np.random.randint(0, 2, (8, 1))
for legacy in (False,):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse", metrics=[PairMetric()])
    try:
        model.fit(x, y, epochs=1, verbose=0); print("fit WORKS")
    except Exception as e:
        print("fit raises", type(e).__name__)
m = PairMetric(); m.update_state(y, y); print("eager", float(m.result()))
