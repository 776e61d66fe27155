"""TFA002: Python/NumPy randomness inside traced code is drawn once, at trace time.

Run: python examples/random_augmentation.py   (every image gets the same flip and noise)
Fix: tfautofix fix --write examples/
"""

import random

import numpy as np
import tensorflow as tf


def augment(image):
    if random.random() < 0.5:
        image = tf.image.flip_left_right(image)
    return image + np.random.normal(0.0, 0.05, size=image.shape)


@tf.function
def augment_batch(images):
    return tf.map_fn(augment, images)


def exercise():
    images = tf.tile(tf.constant([[[[0.0], [1.0]]]]), [8, 1, 1, 1])
    return [augment_batch(images)[:, 0, 0, 0] for _ in range(3)]


if __name__ == "__main__":
    for row in exercise():
        print([round(float(v), 3) for v in row])
    print("traces:", augment_batch.experimental_get_tracing_count())
