"""GAN discriminator step building its real/fake labels from the batch size.

Modelled on PacktPublishing/Hands-On-Computer-Vision-with-TensorFlow-2,
Chapter07/ch7_nb8_generate_images_with_gan_models.ipynb (`gan_train_step`: `real_labels =
tf.ones((batch_size,))`, `fake_labels = tf.zeros((batch_size,))`, `tf.concat`), with
`batch_size = image_batch.shape[0]` and the step compiled with reduce_retracing.
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(18)
discriminator = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
loss = keras.losses.BinaryCrossentropy(from_logits=True)


@tf.function(reduce_retracing=True)
def gan_val_step(image_batch, fake_images):
    batch_size = image_batch.shape[0]
    real_labels = tf.ones((batch_size,))
    fake_labels = tf.zeros((batch_size,))
    all_labels = tf.concat((real_labels, fake_labels), axis=0)
    pred = tf.concat((discriminator(image_batch), discriminator(fake_images)), axis=0)
    return loss(all_labels[:, None], pred)


def exercise():
    x = np.linspace(-1, 1, 80, dtype=np.float32).reshape(20, 4)
    out = []
    for n in (2, 3, 4, 5):
        out.append(float(gan_val_step(tf.constant(x[:n]), tf.constant(x[10:10 + n]))))
    return out
