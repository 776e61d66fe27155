"""predict on a list of two arrays per step for a two-input, two-output model (a
music generator sampling notes and durations): `model.predict([notes, durations])`.

The input is a list (several model inputs) and the result a list of two arrays.
"""
import numpy as np
import tensorflow as tf

notes_in = tf.keras.Input((4,))
durs_in = tf.keras.Input((4,))
h = tf.keras.layers.Concatenate()([notes_in, durs_in])
h = tf.keras.layers.Dense(8, activation="relu", kernel_initializer="ones")(h)
notes_out = tf.keras.layers.Dense(3, activation="softmax", kernel_initializer="glorot_uniform")(h)
durs_out = tf.keras.layers.Dense(2, activation="softmax", kernel_initializer="glorot_uniform")(h)
model = tf.keras.Model([notes_in, durs_in], [notes_out, durs_out])


def exercise(steps=12):
    tf.keras.utils.set_random_seed(1)
    model.set_weights([np.full(w.shape, 0.1 * (i + 1), dtype=w.dtype) for i, w in enumerate(model.get_weights())])
    notes, durs = [0.0, 1.0, 2.0, 1.0], [1.0, 1.0, 0.5, 0.5]
    out = []
    for _ in range(steps):
        note_p, dur_p = model.predict([np.array([notes[-4:]]), np.array([durs[-4:]])], verbose=0)
        notes.append(float(np.argmax(note_p[0])))
        durs.append(float(np.argmax(dur_p[0])) * 0.5)
        out.append((note_p, dur_p))
    return notes, durs, out
