import numpy as np
import tensorflow as tf
from tensorflow import config, data


def brighten(image):
    return image + tf.cast(tf.random.uniform([], -0.2, 0.2), image.dtype)


def exercise():
    """tf.data traces `brighten` even eagerly: the oracle calls it per element (see dataset_map_flip)."""
    images = np.zeros([500, 1], np.float32)
    if config.functions_run_eagerly():
        return [brighten(image) for image in images]
    return next(iter(data.Dataset.from_tensor_slices(images).map(brighten).batch(500)))
