"""Behaviour-cloning training step that receives the epoch number (unused) and the mode string.

Modelled on microsoft/AirSim-Drone-Racing-VAE-Imitation, imitation_learning/train_bc.py
(`@tf.function def train(images, labels, epoch, training_mode)`, called as
`train(train_images, train_labels, epoch, training_mode)` for every batch of every epoch).
"""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(21)
training_mode = "full"
bc_model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(4)])
optimizer = tf.keras.optimizers.Adam(learning_rate=1e-2)
train_loss_rec_v = tf.keras.metrics.Mean(name="train_loss_rec_v")
rng = np.random.default_rng(21)
train_ds = tf.data.Dataset.from_tensor_slices(
    (rng.random((16, 6)).astype("float32"), rng.random((16, 4)).astype("float32"))).batch(8)


@tf.function
def compute_loss(labels, predictions):
    return tf.reduce_mean(tf.square(labels - predictions), axis=-1)  # tf.losses.mean_squared_error before Keras 3


@tf.function
def train(images, labels, epoch, training_mode):
    with tf.GradientTape() as tape:
        if training_mode == "full":
            predictions = bc_model(images)
        recon_loss = tf.reduce_mean(compute_loss(labels, predictions))
    gradients = tape.gradient(recon_loss, bc_model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, bc_model.trainable_variables))
    train_loss_rec_v(recon_loss)


def exercise(epochs=4):
    history = []
    for epoch in range(epochs):
        for train_images, train_labels in train_ds:
            train(train_images, train_labels, tf.constant(epoch), training_mode)
        history.append(float(train_loss_rec_v.result()))
        train_loss_rec_v.reset_state()
    return history
