"""Serving preprocessing for uploaded images of different sizes.

Modelled on GoogleCloudPlatform/asl-ml-immersion, asl_core/notebooks/image_models/solutions/serving.ipynb
(`for idx, img in enumerate(input_images):` preprocess then predict); the preprocessing is a
tf.function that resizes each decoded image.
"""
import numpy as np
import tensorflow as tf

IMG_SIZE = 8


@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.uint8)])
def preprocess(img):
    img = tf.image.convert_image_dtype(img, tf.float32)
    img = tf.image.resize(img, [IMG_SIZE, IMG_SIZE])
    return tf.reduce_mean(img, axis=[0, 1])


def exercise():
    rng = np.random.default_rng(0)
    input_images = [rng.integers(0, 255, size=(h, w, 3), dtype=np.uint8) for h, w in [(10, 12), (16, 9), (20, 20), (7, 11)]]
    return [preprocess(tf.constant(img)).numpy() for img in input_images]
