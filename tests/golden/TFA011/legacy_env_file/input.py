import os

os.environ["TF_USE_LEGACY_KERAS"] = "1"  # tf.keras is Keras 2 (tf-keras) from here on

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(3, kernel_initializer="ones")])


def exercise():
    out = []
    for i in range(3):
        out.append(model.predict(np.full((1, 2), float(i), dtype="float32"), verbose=0))
    return out
