"""Image preprocessing called on images of different sizes."""
import numpy as np
import tensorflow as tf


@tf.function
def preprocess(images):
    images = tf.image.resize(images, [8, 8])
    return (images - 0.5) * 2.0


def exercise():
    outs = []
    for h, w in ((10, 10), (12, 9), (16, 16), (10, 10)):
        outs.append(preprocess(tf.constant(np.full((2, h, w, 3), 0.25, np.float32))).numpy())
    return outs
