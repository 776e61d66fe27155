"""predict(batch_size=2) on a model that normalises over the batch: model(x) on all rows at once differs.

The fix must not be safe (the Lambda is not a row-wise layer); the unsafe rewrite changes values."""
import numpy as np
import tensorflow as tf

# A layer that normalises over the batch: predict's batches of 2 and one call on 4 rows differ.
model = tf.keras.Sequential([
    tf.keras.Input((2,)),
    tf.keras.layers.Lambda(lambda t: t - tf.reduce_mean(t, axis=0)),
])


def exercise(stop=4):
    data = np.arange(8, dtype="float32").reshape(4, 2)
    return [model.predict(data * k, batch_size=2, verbose=0) for k in range(1, stop)]
