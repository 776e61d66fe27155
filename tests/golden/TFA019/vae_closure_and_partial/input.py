"""A VAE built with the functional API whose KL loss reads the encoder's symbolic outputs (GDL_code
models/VAE.py, on `self`), and a WGAN-GP penalty binding a symbolic tensor with `partial` (WGANGP.py).
fit fails: Keras 3 "A KerasTensor cannot be used as input to a TensorFlow function", tf-keras TypeError."""
import functools

import keras
import tensorflow as tf
from keras import backend as K
from keras.layers import Dense, Input


class VAE:
    def __init__(self, dim):
        encoder_input = Input(shape=(dim,))
        x = encoder_input
        for units in (8, 4):
            x = Dense(units)(x)
        self.mu = Dense(2)(x)
        self.log_var = Dense(2)(x)
        outputs = Dense(dim)(keras.layers.Concatenate()([self.mu, self.log_var]))
        self.model = keras.Model(encoder_input, outputs)

    def compile(self, factor):
        def r_loss(y_true, y_pred):
            return factor * K.mean(K.square(y_true - y_pred))

        def kl_loss(y_true, y_pred):
            return -0.5 * K.sum(1 + self.log_var - K.square(self.mu) - K.exp(self.log_var), axis=1)

        def vae_loss(y_true, y_pred):
            return r_loss(y_true, y_pred) + kl_loss(y_true, y_pred) + 0 * self.mu.shape[-1]

        self.model.compile(optimizer="adam", loss=vae_loss, metrics=[r_loss, kl_loss])


real = Input(shape=(4,))
critic = keras.Model(real, Dense(1)(real))


def gradient_penalty_loss(y_true, y_pred, interpolated_samples):
    return tf.reduce_mean(tf.square(y_pred)) + tf.reduce_mean(interpolated_samples)


gp_loss = functools.partial(gradient_penalty_loss, interpolated_samples=Dense(4)(real))
critic.compile(optimizer="adam", loss=["mse", gp_loss])
