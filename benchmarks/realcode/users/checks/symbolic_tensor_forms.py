"""Symbolic Keras tensors captured by compiled losses (TFA019): which fail, on Keras 3 and tf-keras (TF_USE_LEGACY_KERAS=1)."""
import functools
import os
import numpy as np
import tensorflow as tf
keras = tf.keras
print("keras", keras.__version__ if hasattr(keras, "__version__") else keras)


def build():
    inp = keras.Input((4,))
    mu = keras.layers.Dense(2)(inp)
    log_var = keras.layers.Dense(2)(inp)
    out = keras.layers.Dense(4)(keras.layers.Concatenate()([mu, log_var]))
    return inp, mu, log_var, out, keras.Model(inp, out)


def attempt(name, make_loss):
    inp, mu, log_var, out, model = build()
    loss = make_loss(inp, mu, log_var, out, model)
    try:
        model.compile("adam", loss=loss)
        h = model.fit(np.ones((8, 4), "float32"), np.ones((8, 4), "float32"), epochs=2, verbose=0)
        print(f"{name}: fit ran, losses {[round(float(v), 4) for v in h.history['loss']]}")
    except Exception as error:  # noqa: BLE001
        lines = [l.strip() for l in str(error).strip().splitlines() if l.strip()]
        print(f"{name}: RAISED {type(error).__name__}: {lines[0][:160]} ... {lines[-1][:300]}")


def closure(inp, mu, log_var, out, model):
    def vae_kl_loss(y_true, y_pred):
        return -0.5 * tf.reduce_sum(1 + log_var - tf.square(mu) - tf.exp(log_var), axis=1)
    return vae_kl_loss


def partial_form(inp, mu, log_var, out, model):
    def penalty(y_true, y_pred, samples):
        return tf.reduce_mean(tf.square(y_pred - y_true)) + tf.reduce_mean(samples)
    return functools.partial(penalty, samples=mu)


def float_closure(inp, mu, log_var, out, model):
    weight = 0.5
    def loss(y_true, y_pred):
        return weight * tf.reduce_mean(tf.square(y_true - y_pred))
    return loss


def variable_closure(inp, mu, log_var, out, model):
    weight = tf.Variable(0.5)
    def loss(y_true, y_pred):
        return weight * tf.reduce_mean(tf.square(y_true - y_pred))
    return loss


def layer_closure(inp, mu, log_var, out, model):
    layer = keras.layers.Dense(4)
    layer.build((None, 4))
    def loss(y_true, y_pred):
        return tf.reduce_mean(tf.square(y_true - layer(y_pred)))
    return loss


def model_closure(inp, mu, log_var, out, model):
    def loss(y_true, y_pred):
        return tf.reduce_mean(tf.square(y_true - y_pred)) + 0.0 * tf.reduce_sum(model.layers[1].kernel)
    return loss


def lambda_capture(inp, mu, log_var, out, model):
    return "mse"


def build_lambda():
    inp = keras.Input((4,))
    mu = keras.layers.Dense(4)(inp)
    out = keras.layers.Lambda(lambda t: t * 2.0 + mu)(mu)
    return inp, mu, mu, out, keras.Model(inp, out)


for name, make in [("closure over KerasTensors (VAE)", closure), ("partial binding a KerasTensor (WGANGP)", partial_form),
                   ("closure over a Python float", float_closure), ("closure over a tf.Variable", variable_closure),
                   ("closure over a layer", layer_closure), ("closure over the model's weights", model_closure)]:
    attempt(name, make)

build = build_lambda
attempt("Lambda function capturing a KerasTensor", lambda_capture)
