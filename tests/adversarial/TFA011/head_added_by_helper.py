"""A row-wise Sequential listed in one call, then extended by a helper (`add_head(model)`) with a
layer that centres over the batch.

The rule checks that the model is never `.add`-ed to by its own name; a helper given the
model adds under another name, and predict's batches of 2 then differ from one call on 4 rows.
"""
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(2, kernel_initializer="ones")])


def add_head(net):
    net.add(tf.keras.layers.Lambda(lambda t: t - tf.reduce_mean(t, axis=0)))


add_head(model)


def exercise(stop=4):
    data = np.arange(8, dtype="float32").reshape(4, 2)
    return [model.predict(np.asarray(data * k), batch_size=2, verbose=0) for k in range(1, stop)]
