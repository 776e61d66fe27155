"""A Sequential of Dense layers only, but one Dense's activation is a module function that
scales by the maximum of the whole tensor (axis forgotten): the batch, not the row.

Dense is a row-wise layer, but its `activation=` is not checked: predict's batches of 2
and one model call on 4 rows give different values, so the fix cannot be safe.
"""
import numpy as np
import tensorflow as tf


def stable_softmax(logits):
    return tf.nn.softmax(logits - tf.reduce_max(logits)) * tf.reduce_max(logits)


model = tf.keras.Sequential([
    tf.keras.Input((2,)),
    tf.keras.layers.Dense(3, activation=stable_softmax, kernel_initializer="ones"),
])


def exercise(stop=4):
    data = np.arange(8, dtype="float32").reshape(4, 2)
    return [model.predict(np.asarray(data * k), batch_size=2, verbose=0) for k in range(1, stop)]
