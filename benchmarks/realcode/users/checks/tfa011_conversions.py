"""TFA011 rewrites of 10 sampled user-code findings (keras11), reconstructed: does `model(x, training=False)`
with the conversion the fix writes return what `predict` returned (structure, dtype, values)?
Run with Keras 3 (TF 2.21) and with TF_USE_LEGACY_KERAS=1 (tf-keras): every line prints True in both."""
import numpy as np, tensorflow as tf
K = tf.keras
def same(p, c):
    a, b = tf.nest.flatten(p), tf.nest.flatten(c)
    return type(p) == type(c) and len(a) == len(b) and all(x.dtype == y.dtype and np.allclose(x, y, atol=1e-5) for x, y in zip(a, b))
conv = lambda out: tf.nest.map_structure(lambda t: t.numpy(), out)
res = {}
# dcgan-like generator (functional, BatchNorm, float64 noise)
z = K.Input((8,)); h = K.layers.Dense(16)(z); h = K.layers.BatchNormalization()(h); g = K.Model(z, K.layers.Activation("tanh")(h))
noise = np.random.uniform(-1, 1, (16, 8))
res["dcgan generator(noise)"] = same(g.predict(noise, verbose=0), conv(g(noise, training=False)))
# cgan: generator([noise, labels]) two inputs
l = K.Input((3,)); g2 = K.Model([z, l], K.layers.Dense(4)(K.layers.concatenate([z, l])))
labels = np.eye(3)[np.random.choice(3, 16)]
res["cgan generator([noise, labels])"] = same(g2.predict([noise, labels], verbose=0), conv(g2([noise, labels], training=False)))
# dlai C3W4: model.predict([token_list]) on a Sequential (list of one padded int array)
seq = K.Sequential([K.Input((5,)), K.layers.Embedding(20, 4), K.layers.Flatten(), K.layers.Dense(3, activation="softmax")])
tokens = np.array([[0, 0, 3, 4, 5]], dtype="int32")
try: res["C3W4 model([token_list]).numpy()"] = same(seq.predict([tokens], verbose=0), seq([tokens], training=False).numpy())
except Exception as e: res["C3W4 model([token_list]).numpy()"] = "ERROR " + str(e)[:120]
# MIT debiasing: subclassed model returning a tuple
class DBVAE(K.Model):
    def __init__(self):
        super().__init__(); self.enc = K.layers.Dense(5); self.dec = K.layers.Dense(2)
    def call(self, x):
        e = self.enc(K.layers.Flatten()(x)); return e[:, :1], e[:, 1:3], e[:, 3:], self.dec(e)
m = DBVAE(); x = np.random.rand(4, 2, 2).astype("float32")
res["dbvae(x) tuple"] = same(m.predict(x, verbose=0), conv(m(x, training=False)))
# C4W2: Sequential on a float64 window
s2 = K.Sequential([K.Input((20,)), K.layers.Dense(10, activation="relu"), K.layers.Dense(1)])
series = np.sin(np.arange(100) / 5.0)
res["C4W2 model(series[...][np.newaxis]).numpy()"] = same(s2.predict(series[10:30][np.newaxis], verbose=0), s2(series[10:30][np.newaxis], training=False).numpy())
# DQN: Sequential on a (1, 4) float64 state, result indexed
res["DQN self.model(state)[0]"] = same(s2.predict(series[:20][None], verbose=0)[0], conv(s2(series[:20][None], training=False))[0])
# Hvass MT decoder: functional with dict inputs? (two inputs as dict)
a = K.Input((3,), name="decoder_input"); b = K.Input((4,), name="transfer_values_input")
dec = K.Model(inputs=[b, a], outputs=K.layers.Dense(2)(K.layers.concatenate([a, b])))
xd = {"decoder_input": np.ones((1, 3)), "transfer_values_input": np.ones((1, 4))}
try: res["Hvass model_decoder(x_data dict)"] = same(dec.predict(xd, verbose=0), conv(dec(xd, training=False)))
except Exception as e: res["Hvass model_decoder(x_data dict)"] = "ERROR " + str(e)[:160]
for k, v in res.items(): print(f"{v!s:6} {k}")
try:
    import keras
    if keras.__version__.startswith("3"):
        out = g2([noise, labels], training=False)
        print("k3 keras.tree/convert_to_numpy:", same(g2.predict([noise, labels], verbose=0), keras.tree.map_structure(keras.ops.convert_to_numpy, out)))
        d2 = keras.Model(z, {"a": keras.layers.Dense(1)(z), "b": z})
        print("k3 keras.tree dict:", same(d2.predict(noise, verbose=0), keras.tree.map_structure(keras.ops.convert_to_numpy, d2(noise, training=False))))
except Exception as e: print("k3 ERR", e)
