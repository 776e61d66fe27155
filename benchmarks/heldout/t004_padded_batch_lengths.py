"""POS tagger trained on batches padded to the longest sentence of each batch.

Modelled on PacktPublishing/Deep-Learning-with-TensorFlow-2-and-Keras, Chapter 8/gru_pos_tagger.py
(Embedding + GRU tagger, a training step per batch); here each batch is padded to its own length
(`padded_batch`), so sequence lengths vary from batch to batch.
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(11)
model = keras.Sequential([
    keras.Input((None,)),
    keras.layers.Embedding(10, 4),
    keras.layers.GRU(4, return_sequences=True),
    keras.layers.Dense(3),
])
optimizer = keras.optimizers.Adam(0.01)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

sents = [[1, 2, 3], [4, 5], [6, 7, 8, 9, 1], [2, 3, 4, 5], [5, 6], [7, 8, 9, 1, 2, 3]]
tags = [[t % 3 for t in s] for s in sents]
dataset = tf.data.Dataset.from_generator(
    lambda: zip(sents, tags), output_signature=(tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32))
).padded_batch(2)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def exercise():
    return [float(train_step(x, y)) for x, y in dataset]
