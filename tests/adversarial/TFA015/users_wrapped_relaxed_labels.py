"""GAN labels sized by the static batch under `tf.function(..., reduce_retracing=True)` in the
call form (the batch dimension relaxes to None on the second batch size)."""
import tensorflow as tf

disc = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def disc_step(image_batch):
    real = disc(image_batch, training=False)
    return bce(tf.ones((image_batch.shape[0], 1)), real)


disc_step = tf.function(disc_step, reduce_retracing=True)


def exercise():
    return [disc_step(tf.fill([n, 4], 0.1 * n)) for n in (2, 3, 4, 3)]
