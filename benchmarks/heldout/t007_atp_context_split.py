"""Neural-process style training step: the context/target split sizes are Python ints.

Modelled on oremnirv/ATP, model/atp_graph.py (`@tf.function(experimental_relax_shapes=True)
def train_step(atp_model, optimizer, x, y, n_C, n_T, training=True)`, slicing `y[:, n_C:n_T+n_C]`).
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(9)
model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(8)])
optimizer = keras.optimizers.SGD(0.05)


@tf.function(experimental_relax_shapes=True)
def train_step(atp_model, optimizer, x, y, n_C, n_T, training=True):
    with tf.GradientTape() as tape:
        mu = atp_model(x, training=training)
        mse = tf.reduce_mean(tf.square(y[:, n_C:n_T + n_C] - mu[:, n_C:n_T + n_C]))
    gradients = tape.gradient(mse, atp_model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, atp_model.trainable_variables))
    return mse


def exercise():
    x = tf.constant(np.linspace(-1, 1, 32, dtype=np.float32).reshape(4, 8))
    y = tf.sin(x)
    losses = []
    for n_C, n_T in [(2, 3), (3, 2), (1, 4), (2, 3), (4, 4)]:
        losses.append(float(train_step(model, optimizer, x, y, n_C, n_T)))
    return losses
