"""thushv89 ch11_image_captions.ipynb cell 25: `tf.keras.layers.Attention(causal=True)` built inside `SelfAttentionLayer.call`.
TFA013 says its variables are created while tracing, so tf.function fails. `Attention` has weights only with
`use_scale=True` or `score_mode="concat"`: does fit (a traced train step, twice: two epochs) run?
Run with TF_USE_LEGACY_KERAS=1: the notebook is tf.keras 2 code (Keras 3's Attention has no `causal` argument).

Expected: fit raises (finding real) or runs with the same numbers as eager (finding false).
"""
import numpy as np
import tensorflow as tf


class SelfAttentionLayer(tf.keras.layers.Layer):
    def __init__(self, d):
        super().__init__()
        self.d = d

    def build(self, input_shape):
        self.Wq = self.add_weight(shape=(input_shape[-1], self.d), initializer="glorot_uniform")

    def call(self, x, mask=None):
        q = tf.matmul(x, self.Wq)
        return tf.keras.layers.Attention(causal=True)([q, q, q], mask=[None, mask])


probe = tf.keras.layers.Attention(causal=True)
probe([tf.ones((1, 2, 3))] * 3)
print("Attention(causal=True) weights after a call:", len(probe.weights))
inp = tf.keras.Input((5, 4))
model = tf.keras.Model(inp, tf.keras.layers.Dense(1)(SelfAttentionLayer(3)(inp)))
model.compile("adam", "mse")
x, y = np.random.rand(8, 5, 4).astype("float32"), np.random.rand(8, 5, 1).astype("float32")
try:
    model.fit(x, y, epochs=2, verbose=0)
    same = np.allclose(model.predict(x, verbose=0), model(x).numpy(), atol=1e-5)
    print(f"attention_in_call: fit ran; traced predict == eager call: {same} (finding false)")
except Exception as error:  # noqa: BLE001
    print(f"attention_in_call: fit raised {type(error).__name__}: {str(error).splitlines()[0][:140]} (finding real)")
