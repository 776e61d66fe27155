"""predict on a helper's result per generated token (text generation, after
jorgenhw/language_analytics_3 src/generate_text.py): `model.predict(pad(tokens))`.

The input is neither a name nor an array literal: a local helper pads it.
"""
import numpy as np
import tensorflow as tf

MAXLEN = 5
model = tf.keras.Sequential([
    tf.keras.Input((MAXLEN,)),
    tf.keras.layers.Embedding(10, 4, embeddings_initializer="ones"),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(10, kernel_initializer="glorot_uniform"),
])
model.build((None, MAXLEN))


def pad(tokens):
    row = np.zeros((1, MAXLEN), dtype="int32")
    tail = tokens[-MAXLEN:]
    row[0, MAXLEN - len(tail):] = tail
    return row


def exercise(words=12):
    tf.keras.utils.set_random_seed(0)
    tokens = [1, 2]
    probs = []
    for _ in range(words):
        p = model.predict(pad(tokens), verbose=0)
        probs.append(p)
        tokens.append(int(np.argmax(p, axis=-1)[0]) % 10)
    return tokens, probs
