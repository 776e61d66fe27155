"""An autoencoder step that wraps a freshly decorated inner function on every call.

Modelled on a training-utilities file from the code-search corpus (repository not named there):
`def train_step(model, x, optimizer, loss_fn): @tf.function def apply_gradient(...): ...;
return apply_gradient(model, x, optimizer, loss_fn)`, called per batch.
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(17)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2), keras.layers.Dense(4)])
opt = keras.optimizers.SGD(0.05)


def loss_fn(x, x_hat):
    return tf.square(x - x_hat)


@tf.function
def apply_gradient(model, x, optimizer, loss_fn):
    with tf.GradientTape() as tape:
        loss = loss_fn(x, model(x))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return tf.reduce_mean(loss)


def train_step(model, x, optimizer, loss_fn):
    return apply_gradient(model, x, optimizer, loss_fn)


def exercise():
    X = tf.data.Dataset.from_tensor_slices(np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4)).batch(4)
    losses = []
    for epoch in range(2):
        for batch_x in X:
            losses.append(train_step(model, batch_x, opt, loss_fn).numpy())
    return losses
