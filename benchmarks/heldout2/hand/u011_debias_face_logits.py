"""Classifier logits of the test faces, one group of faces at a time, in a list comprehension.

Modelled on aamini/introtodeeplearning, lab2/solutions/Part2_Debiasing_Solution.ipynb
(`dbvae_logits = [dbvae.predict(np.array(x, dtype=np.float32)) for x in test_faces]`, then
`tf.squeeze(tf.sigmoid(logits))` and the mean probability per demographic group).
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
test_faces = [rng.random((3, 8, 8, 3)) for _ in range(4)]  # 4 groups, 3 faces each
standard_classifier = keras.Sequential([
    keras.Input((8, 8, 3)),
    keras.layers.Conv2D(4, 3, activation="relu"),
    keras.layers.GlobalAveragePooling2D(),
    keras.layers.Dense(1),
])


def exercise():
    dbvae_logits = [standard_classifier(np.array(x, dtype=np.float32), training=False).numpy() for x in test_faces]
    dbvae_probs = tf.squeeze(tf.sigmoid(dbvae_logits))
    return np.mean(dbvae_probs.numpy(), axis=1)
