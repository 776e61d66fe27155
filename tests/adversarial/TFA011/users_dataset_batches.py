"""predict on each batch of a tf.data pipeline (segmentation display helper,
iterating a Dataset): `for image, mask in dataset: model.predict(image)`.

The input is a batch tensor from iterating a Dataset, not an array literal.
"""
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input((4, 4, 1)),
    tf.keras.layers.Conv2D(2, 3, padding="same", kernel_initializer="ones"),
])
images = np.arange(12 * 16, dtype="float32").reshape(12, 4, 4, 1) / 100.0
dataset = tf.data.Dataset.from_tensor_slices((images, images > 0.5)).batch(1)


def create_mask(pred):
    return np.argmax(pred, axis=-1)[..., None]


def exercise():
    masks = []
    for image, mask in dataset:
        pred = model.predict(image, verbose=0)
        masks.append(create_mask(pred))
    return masks
