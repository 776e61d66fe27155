"""A small end-to-end regression script: seeded, warm-up schedule, debug prints, per-row scoring."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(1)
np.random.seed(1)

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
optimizer = keras.optimizers.SGD(0.05)


@tf.function
def train_step(x, y, step):
    lr_scale = tf.minimum(1.0, (step + 1) / 5)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y)) * lr_scale
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def exercise():
    x = np.linspace(-1, 1, 48, dtype=np.float32).reshape(16, 3)
    y = x.sum(axis=1, keepdims=True)
    losses = []
    for step in range(12):
        losses.append(float(train_step(x, y, step)))
    scores = [model.predict(row[None], verbose=0)[0, 0] for row in x]
    return np.array(losses), np.array(scores)
