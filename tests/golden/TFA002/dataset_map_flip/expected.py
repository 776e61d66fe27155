"""Augmentation in Dataset.map: the classic victim (the same flip for every image).

tf.data traces `augment` even under tf.config.run_functions_eagerly(True), so the
eager run cannot show what the user meant through the dataset; the oracle calls
`augment` directly, once per element, as the user pictured it.
"""

import tensorflow as tf


def augment(image):
    if tf.random.uniform([]) < 0.5:
        image = tf.image.flip_left_right(image)
    return image + tf.cast(tf.random.normal([], 0.0, 0.1), image.dtype)


def exercise():
    images = tf.tile(tf.constant([[[[0.0], [1.0]]]]), [500, 1, 1, 1])  # 500 images, 1x2 pixels: [0, 1]
    if tf.config.functions_run_eagerly():
        outputs = [augment(image) for image in images]
    else:
        outputs = next(iter(tf.data.Dataset.from_tensor_slices(images).map(augment).batch(500)))
    return [output[0, 0, 0] for output in outputs]  # ~0 unflipped, ~1 flipped
