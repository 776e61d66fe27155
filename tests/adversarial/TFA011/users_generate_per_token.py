"""predict in a module-level helper called once per generated token:
`next_token(model, seq)` in a `for` loop, `model.predict(seq[None])` inside.
"""
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input((3,)),
    tf.keras.layers.Dense(4, activation="softmax", kernel_initializer="glorot_uniform"),
])


def next_token(m, seq):
    probs = m.predict(np.asarray(seq[-3:], dtype="float32")[None], verbose=0)
    return int(np.argmax(probs[0]))


def generate(seed, length):
    seq = list(seed)
    for _ in range(length):
        seq.append(next_token(model, seq))
    return seq


def exercise():
    tf.keras.utils.set_random_seed(4)
    return generate([1.0, 0.0, 2.0], 15)
