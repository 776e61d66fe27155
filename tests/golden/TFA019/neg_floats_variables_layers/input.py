"""Closures of compiled losses over a Python float, a tf.Variable, a layer and the model's weights: fit runs
(measured with Keras 3 and tf-keras); names also bound to data are not known to be symbolic."""
import keras
import numpy as np
import tensorflow as tf

inputs = keras.Input((4,))
hidden = keras.layers.Dense(4)(inputs)
scaled = keras.layers.Lambda(lambda t: t * 2.0)(hidden)
model = keras.Model(inputs, keras.layers.Dense(4)(scaled))
weight = 0.5
scale = tf.Variable(1.0)
extra = keras.layers.Dense(4)
extra.build((None, 4))
target = keras.Input((4,))
target = np.ones((8, 4), "float32")


def loss(y_true, y_pred):
    penalty = 0.0 * tf.reduce_sum(model.layers[1].kernel) + 0.0 * tf.reduce_mean(target)
    return weight * scale * tf.reduce_mean(tf.square(y_true - extra(y_pred))) + penalty


model.compile("adam", loss=loss, metrics=[lambda t, p: tf.reduce_mean(p) * weight])


def exercise():
    history = model.fit(np.ones((8, 4), "float32"), target, epochs=1, verbose=0)
    return [len(history.history["loss"])]
