"""A text classifier (StringLookup → Embedding → pooling) predicted on one string row at a time.

String inputs: predict feeds them through its data adapter, the model call
straight to the lookup.
"""
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input((3,), dtype="string"),
    tf.keras.layers.StringLookup(vocabulary=["cat", "dog", "fish"]),
    tf.keras.layers.Embedding(5, 2, embeddings_initializer="ones"),
    tf.keras.layers.GlobalAveragePooling1D(),
])


def exercise(calls=2):
    rows = tf.constant([["cat", "dog", "bird"], ["fish", "fish", "cat"]])
    return [model.predict(rows[i:i + 1], verbose=0) for i in range(calls)]
