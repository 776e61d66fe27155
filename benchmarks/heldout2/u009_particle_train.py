"""Training step over a batch of particle scenes of different sizes, with the deprecated relax-shapes option.

Modelled on isl-org/DeepLagrangianFluids, scripts/train_network_tf.py
(`@tf.function(experimental_relax_shapes=True) def train(model, batch)`: a Python loop over the scenes
of the batch, each scene a tensor with its own number of particles, the losses summed with `tf.add_n`).
"""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(13)
batch_size = 2
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3)])
optimizer = tf.keras.optimizers.Adam(learning_rate=1e-3, epsilon=1e-6)


def euclidean_distance(a, b, epsilon=1e-9):
    return tf.sqrt(tf.reduce_sum((a - b) ** 2, axis=-1) + epsilon)


@tf.function(experimental_relax_shapes=True)
def train(model, batch):
    with tf.GradientTape() as tape:
        losses = []
        for batch_i in range(batch_size):
            pr_pos1 = batch["pos0"][batch_i] + model(batch["vel0"][batch_i])
            losses.append(tf.reduce_mean(euclidean_distance(pr_pos1, batch["pos1"][batch_i]) ** 0.5))
        total_loss = 128 * tf.add_n(losses) / batch_size
    grads = tape.gradient(total_loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return total_loss


def exercise():
    rng = np.random.default_rng(13)
    out = []
    for counts in ((5, 7), (6, 4), (9, 5), (5, 8)):
        batch = {k: [tf.convert_to_tensor(rng.random((n, 3)), tf.float32) for n in counts] for k in ("pos0", "vel0", "pos1")}
        out.append(float(train(model, batch)))
    return out
