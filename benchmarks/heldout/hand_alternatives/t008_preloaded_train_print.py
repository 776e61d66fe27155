"""A whole training loop inside one tf.function, logging each batch with print.

Modelled on snowkylin/tensorflow-handbook, docs/_static/code/zh-hant/model/autograph/main_preloaded.py
(`@tf.function def train(): for X, y in dataset: ...; batch_index += 1` logging the batch and
its loss; the handbook uses tf.print where users write print).
"""
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(12)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
optimizer = keras.optimizers.SGD(learning_rate=0.1)
x = np.linspace(-1, 1, 96, dtype=np.float32).reshape(24, 4)
y = (np.arange(24) % 3).astype(np.int64)
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(8)


@tf.function
def train():
    batch_index = 0
    for X, y in dataset:
        with tf.GradientTape() as tape:
            y_pred = model(X)
            loss = keras.losses.sparse_categorical_crossentropy(y_true=y, y_pred=y_pred, from_logits=True)
            loss = tf.reduce_mean(loss)
        tf.print("batch", batch_index, ", loss", loss, output_stream=sys.stdout)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        batch_index += 1


def exercise():
    train()
    train()
    return [w.numpy() for w in model.trainable_variables]
