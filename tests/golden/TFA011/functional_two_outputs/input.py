import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((3,))
hidden = tf.keras.layers.Dense(4, kernel_initializer="ones")(inputs)
score = tf.keras.layers.Dense(2, kernel_initializer="ones")(hidden)
logit = tf.keras.layers.Dense(1, kernel_initializer="ones")(hidden)
model = tf.keras.Model(inputs, [score, logit])  # predict returns a list of two arrays


def exercise(calls=3):
    outs = []
    for i in range(calls):
        outs.append(model.predict(np.full((1, 3), float(i)), verbose=0))
    return outs
