import numpy as np, tensorflow as tf

class Original(tf.keras.metrics.Metric):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.total = self.add_weight(name="total", shape=(), initializer="zeros")
        self.count = self.add_weight(name="count", shape=(), initializer="zeros")
    def update_state(self, values, sample_weight=None):
        values = tf.cast(values, dtype=self.dtype)
        sample_weight = tf.ones_like(values)
        self.count.assign_add(tf.reduce_sum(sample_weight))
        if not tf.math.is_inf(self.total):
            log_v = tf.math.log(values)
            log_v = tf.math.multiply(sample_weight, log_v)
            log_v = tf.reduce_sum(log_v)
            self.total.assign_add(log_v)
    def result(self):
        return tf.math.exp(self.total / self.count)

class Rewritten(Original):
    def update_state(self, values, sample_weight=None):
        values = tf.cast(values, dtype=self.dtype)
        sample_weight = tf.ones_like(values)
        self.count.assign_add(tf.reduce_sum(sample_weight))

        def _true_fn():
            log_v = tf.math.log(values)
            log_v = tf.math.multiply(sample_weight, log_v)
            log_v = tf.reduce_sum(log_v)
            self.total.assign_add(log_v)

        tf.cond(tf.logical_not(tf.math.is_inf(self.total)), _true_fn, lambda: None)

for cls in (Original, Rewritten):
    eager = cls(); eager.update_state([1.0, 3.0, 5.0]); eager.update_state([7.0, 9.0])
    m = cls()
    step = tf.function(lambda v: m.update_state(v), autograph=False)
    try:
        step(tf.constant([1.0, 3.0, 5.0])); step(tf.constant([7.0, 9.0]))
        print(cls.__name__, "eager", float(eager.result()), "compiled, no AutoGraph", float(m.result()))
    except Exception as e:
        print(cls.__name__, "compiled, no AutoGraph:", type(e).__name__)
    inf = cls(); inf.total.assign(np.inf)
    tf.function(lambda v: inf.update_state(v), autograph=False)(tf.constant([2.0])) if cls is Rewritten else None
    print(cls.__name__, "inf total kept:", float(inf.total.numpy()))
