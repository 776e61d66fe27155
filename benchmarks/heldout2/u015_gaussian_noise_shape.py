"""Denoising training step that corrupts each clean batch with Gaussian noise sized by `tensor.shape`.

Modelled on leofernandeso/image_denoising, noise_models.py (`def add_gaussian_noise(tensor, sigma,
normalize=1/255.0): noise = tf.random.normal(tensor.shape, stddev=sigma * normalize); return tensor + noise`,
the `NoiseAdderCallable` applied to every clean batch of a training loop), here in a
`tf.function(reduce_retracing=True)` step fed the dataset's batches (the last one partial).
"""
# contract: distribution
import functools

import numpy as np
import tensorflow as tf

denoiser = tf.keras.Sequential([tf.keras.Input((4, 4, 1)), tf.keras.layers.Conv2D(1, 3, padding="same")])
optimizer = tf.keras.optimizers.SGD(0.01)


def add_gaussian_noise(tensor, sigma, normalize=1 / 255.0):
    noise = tf.random.normal(tensor.shape, stddev=sigma * normalize)
    return tensor + noise


noise_adder = functools.partial(add_gaussian_noise, sigma=25.0)


@tf.function(reduce_retracing=True)
def train_step(clean):
    noisy = noise_adder(clean)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(denoiser(noisy) - clean))
    grads = tape.gradient(loss, denoiser.trainable_variables)
    optimizer.apply_gradients(zip(grads, denoiser.trainable_variables))
    return tf.reduce_mean(noisy - clean), tf.math.reduce_std(noisy - clean)


def exercise():
    clean = np.full((22, 4, 4, 1), 0.5, np.float32)
    stats = [train_step(batch) for batch in tf.data.Dataset.from_tensor_slices(clean).batch(8)]
    return np.array([[float(m), float(s)] for m, s in stats])
