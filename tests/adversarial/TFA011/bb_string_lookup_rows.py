"""A text classifier (StringLookup → Embedding → pooling) predicted on one string row at a time.

A NumPy array of Python strings (object dtype): predict converts it its way,
the model call another.
"""
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input((3,), dtype="string"),
    tf.keras.layers.StringLookup(vocabulary=["cat", "dog", "fish"]),
    tf.keras.layers.Embedding(5, 2, embeddings_initializer="ones"),
    tf.keras.layers.GlobalAveragePooling1D(),
])


def exercise():
    rows = np.array([["cat", "dog", "bird"], ["fish", "fish", "cat"]], dtype=object)
    return [model.predict(rows[i][None], verbose=0) for i in range(2)]
