"""A Sequential with a Lambda that centres over the batch axis, predicted chunk by chunk.

predict splits each 40-row chunk into batches of 32 and 8, so the Lambda's
batch mean is taken per 32/8 rows; model(x) takes it over all 40.
"""
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input((2,)),
    tf.keras.layers.Lambda(lambda t: t - tf.reduce_mean(t, axis=0)),
    tf.keras.layers.Dense(1, kernel_initializer="ones"),
])


def exercise(starts=(0, 40)):
    rows = np.arange(160, dtype=np.float32).reshape(80, 2)
    return [model.predict(rows[i:i + 40], verbose=0) for i in starts]
