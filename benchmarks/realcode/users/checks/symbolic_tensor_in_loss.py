"""GDL_code models/VAE.py: `vae_kl_loss` reads `self.mu` / `self.log_var`, symbolic outputs of the encoder graph,
from a loss given to `compile`. fit traces the loss in its train step, where those Keras tensors belong to no graph.

Expected (a real hazard, not reported by any rule): fit raises.
"""
import numpy as np
import tensorflow as tf

inp = tf.keras.Input((4,))
mu = tf.keras.layers.Dense(2)(inp)
log_var = tf.keras.layers.Dense(2)(inp)
out = tf.keras.layers.Dense(4)(tf.keras.layers.Concatenate()([mu, log_var]))
model = tf.keras.Model(inp, out)


def vae_kl_loss(y_true, y_pred):
    return -0.5 * tf.reduce_sum(1 + log_var - tf.square(mu) - tf.exp(log_var), axis=1)


model.compile("adam", loss=vae_kl_loss)
try:
    model.fit(np.zeros((8, 4)), np.zeros((8, 4)), epochs=1, verbose=0)
    print("symbolic_tensor_in_loss: fit ran (no hazard)")
except Exception as error:  # noqa: BLE001
    print(f"symbolic_tensor_in_loss: fit raised {type(error).__name__}: {str(error).splitlines()[0][:140]} (real hazard)")
