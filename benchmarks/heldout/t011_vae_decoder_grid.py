"""Latent-space grid: decode one latent point at a time into a tiled figure.

Modelled on PacktPublishing/Advanced-Deep-Learning-with-Keras, chapter8-vae/vae-mlp-mnist-8.1.1.py
(`plot_results`: nested loops over grid_x/grid_y, `x_decoded = decoder.predict(z_sample)`).
"""
import keras
import numpy as np

keras.utils.set_random_seed(4)
latent_dim, digit_size = 2, 4
latent_inputs = keras.Input(shape=(latent_dim,), name="z_sampling")
x = keras.layers.Dense(8, activation="relu")(latent_inputs)
outputs = keras.layers.Dense(digit_size * digit_size, activation="sigmoid")(x)
decoder = keras.Model(latent_inputs, outputs, name="decoder")


def exercise():
    n = 3
    figure = np.zeros((digit_size * n, digit_size * n))
    grid_x = np.linspace(-2, 2, n)
    grid_y = np.linspace(-2, 2, n)[::-1]
    for i, yi in enumerate(grid_y):
        for j, xi in enumerate(grid_x):
            z_sample = np.array([[xi, yi]])
            x_decoded = decoder.predict(z_sample, verbose=0)
            digit = x_decoded[0].reshape(digit_size, digit_size)
            figure[i * digit_size:(i + 1) * digit_size, j * digit_size:(j + 1) * digit_size] = digit
    return figure
