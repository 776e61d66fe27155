"""Feature maps of every layer for two test images, layer by layer.

Modelled on lmoroney/dlaicourse, "Course 1 - Part 6 - Lesson 2 - Notebook.ipynb"
(`activation_model = tf.keras.models.Model(inputs=model.input, outputs=layer_outputs)`, then
`for x in range(0, 4): f1 = activation_model.predict(test_images[FIRST_IMAGE].reshape(1, 28, 28, 1))[x]`).
"""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
test_images = np.random.default_rng(7).random((30, 12, 12)).astype("float32")
FIRST_IMAGE = 0
SECOND_IMAGE = 7
CONVOLUTION_NUMBER = 1
model = tf.keras.models.Sequential([
    tf.keras.Input((12, 12, 1)),
    tf.keras.layers.Conv2D(4, (3, 3), activation="relu"),
    tf.keras.layers.MaxPooling2D(2, 2),
    tf.keras.layers.Conv2D(4, (3, 3), activation="relu"),
    tf.keras.layers.MaxPooling2D(2, 2),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(3, activation="softmax"),
])
layer_outputs = [layer.output for layer in model.layers]
activation_model = tf.keras.models.Model(inputs=model.inputs, outputs=layer_outputs)


def exercise():
    shown = []
    for x in range(0, 4):
        f1 = activation_model.predict(test_images[FIRST_IMAGE].reshape(1, 12, 12, 1), verbose=0)[x]
        shown.append(f1[0, :, :, CONVOLUTION_NUMBER].mean())
        f2 = activation_model.predict(test_images[SECOND_IMAGE].reshape(1, 12, 12, 1), verbose=0)[x]
        shown.append(f2[0, :, :, CONVOLUTION_NUMBER].mean())
    return np.array(shown)
