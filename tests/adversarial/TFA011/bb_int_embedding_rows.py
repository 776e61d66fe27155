"""A token classifier (Embedding + pooling) predicted on one int64 sequence at a time.

Integer inputs: predict converts them its own way; the model call receives the
int64 array.
"""
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input((4,), dtype="int64"),
    tf.keras.layers.Embedding(10, 3, embeddings_initializer="ones"),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(2, kernel_initializer="ones"),
])


def exercise():
    seqs = np.array([[1, 2, 3, 0], [4, 4, 4, 4]], dtype=np.int64)
    scores = []
    for seq in seqs:
        scores.append(model.predict(seq[None], verbose=0).sum())
    return scores
