"""A custom loss that prints the error as a NumPy array on every batch.

Modelled on tensorflow/tensorflow issue #40508 ("AttributeError: 'Tensor' object has no attribute
'numpy'": `def loss(yT, yP): err = yT - yP; print(err.numpy()); ...; return meanError` given to
`model.compile(loss=loss)`).
"""
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense, Flatten
from tensorflow.keras.models import Sequential

tf.keras.utils.set_random_seed(19)


def loss(yT, yP):
    err = yT - yP
    print(err.numpy())
    squaredError = tf.square(err)
    meanError = tf.reduce_mean(squaredError)
    return meanError


def exercise():
    rng = np.random.default_rng(19)
    xTrain = rng.random((4, 3, 3)).astype("float32")
    yTrain = tf.keras.utils.to_categorical(rng.integers(0, 2, 4), num_classes=2)
    model = Sequential()
    model.add(Flatten(input_shape=(3, 3)))
    model.add(Dense(2, activation="softmax"))
    model.compile(optimizer="sgd", loss=loss)
    history = model.fit(xTrain, yTrain, batch_size=2, epochs=1, shuffle=False, verbose=0)
    return np.array(history.history["loss"])
