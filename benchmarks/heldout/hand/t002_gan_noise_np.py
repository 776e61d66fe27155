"""GAN sampling step whose latent noise comes from NumPy, inside the tf.function.

Modelled on PacktPublishing/Deep-Learning-with-TensorFlow-2-and-Keras, Chapter 6/DCGAN_MNIST.ipynb
(`noise = tf.random.normal([BATCH_SIZE, self.latent_dim])` in `train_step`), written with NumPy
as in the same book's VanillaGAN.ipynb (`noise = np.random.normal(0, 1, size=[batchSize, randomDim])`).
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(14)
BATCH_SIZE, latent_dim = 4, 3
generator = keras.Sequential([keras.Input((latent_dim,)), keras.layers.Dense(2)])


@tf.function
def sample_step():
    noise = tf.random.normal([BATCH_SIZE, latent_dim])
    generated = generator(noise, training=False)
    return tf.reduce_mean(generated, axis=0)


def exercise():
    return np.array([sample_step().numpy() for _ in range(100)])
