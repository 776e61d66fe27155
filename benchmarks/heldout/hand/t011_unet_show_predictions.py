"""Segmentation: show the predicted mask of a few dataset images, one `predict` per image.

Modelled on GoogleCloudPlatform/asl-ml-immersion,
asl_core/notebooks/image_models/solutions/unet_segmentation.ipynb (`show_predictions`:
`for image, mask in dataset.take(num): pred_mask = model.predict(image)`; `create_mask`).
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(8)
model = keras.Sequential([keras.Input((8, 8, 3)), keras.layers.Conv2D(3, 1)])
images = np.linspace(0, 1, 4 * 8 * 8 * 3, dtype=np.float32).reshape(4, 8, 8, 3)
dataset = tf.data.Dataset.from_tensor_slices((images, np.zeros((4, 8, 8, 1), np.int32))).batch(1)


def create_mask(pred_mask):
    pred_mask = tf.argmax(pred_mask, axis=-1)
    pred_mask = pred_mask[..., tf.newaxis]
    return pred_mask[0]


def exercise():
    masks = []
    for image, mask in dataset.take(3):
        pred_mask = model(image, training=False).numpy()
        masks.append(create_mask(pred_mask).numpy())
    return masks
