import numpy as np
import tensorflow as tf


def exercise(calls=3):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    outs = []
    for shard in range(calls):
        ds = tf.data.Dataset.from_tensor_slices(np.full((4, 2), float(shard), dtype="float32")).batch(2)
        outs.append(np.concatenate([model(x_, training=False).numpy() for x_ in ds]))
    return outs
