"""Switching-dynamics trainer whose annealed learning rate, temperature and entropy weight are Python floats.

Modelled on yerkojahve/Meta-Pseudo-label, snlds/examples/lorenz_attractor_trainer.py (as reported in its
issue #1: `learning_rate`, `temperature` and `cross_entropy_coef` are recomputed from schedules in the
`while` loop and passed to the `@tf.function` `train_step`).
"""
import numpy as np
import tensorflow as tf

tf.random.set_seed(2)
NUM_STATES = 3
logits_net = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(NUM_STATES)])
optimizer = tf.keras.optimizers.Adam(1e-2)
batch = tf.constant(np.random.default_rng(2).normal(size=(8, 4)), tf.float32)


def schedule(step, initial, final, decay_steps):
    return max(final, initial * (final / initial) ** (step / decay_steps))


@tf.function
def train_step(train_batch, learning_rate, temperature, cross_entropy_coef):
    optimizer.learning_rate.assign(learning_rate)
    with tf.GradientTape() as tape:
        logits = logits_net(train_batch)
        posterior = tf.nn.softmax(logits / temperature)
        recon = tf.reduce_mean(tf.square(tf.reduce_sum(posterior, axis=-1, keepdims=True) * train_batch - train_batch))
        entropy = -tf.reduce_mean(tf.reduce_sum(posterior * tf.math.log(posterior + 1e-8), axis=-1))
        loss = recon - cross_entropy_coef * entropy
    grads = tape.gradient(loss, logits_net.trainable_variables)
    optimizer.apply_gradients(zip(grads, logits_net.trainable_variables))
    return loss, entropy


def exercise(num_steps=6):
    step = 0
    out = []
    while step < num_steps:
        learning_rate = schedule(step, 1e-2, 1e-3, 4)
        temperature = schedule(step, 5.0, 1.0, 4)
        cross_entropy_coef = schedule(step, 1.0, 0.1, 4)
        loss, entropy = train_step(batch, tf.constant(learning_rate, tf.float32), tf.constant(temperature, tf.float32), tf.constant(cross_entropy_coef, tf.float32))
        out.append((float(loss), float(entropy)))
        step += 1
    return np.array(out)
