"""Colour augmentations mapped over an image dataset, each drawing its strength with Python's `random`.

Modelled on nFutureorg/sota-denoising-benchmark, datasets/denoising_test/dataset_generate.py
(`def _hue(image, label): rand_value = random.uniform(-1, 1); image = tf.image.adjust_hue(image, rand_value)`,
`_brightness` likewise with `random.uniform(-0.08, 0.25)`; `dataset = dataset.map(f)` for each augmentation).
"""
import random

import numpy as np
import tensorflow as tf

aug_rng = tf.random.Generator.from_seed(31)


def _hue(image, label):
    rand_value = aug_rng.uniform([], -1, 1)
    image = tf.image.adjust_hue(image, rand_value)
    label = tf.image.adjust_hue(label, rand_value)
    return image, label


def _brightness(image, label):
    rand_value = aug_rng.uniform([], -0.08, 0.25)
    image = tf.image.adjust_brightness(image, rand_value)
    label = tf.image.adjust_brightness(label, rand_value)
    return image, label


def tf_data_generator(X, y, augmentations=None):
    dataset = tf.data.Dataset.from_tensor_slices((X, y))
    if augmentations:
        for f in augmentations:
            dataset = dataset.map(f)
    return dataset


def exercise():
    random.seed(31)
    X = np.tile(np.array([0.6, 0.3, 0.2], np.float32), (40, 2, 2, 1))
    dataset = tf_data_generator(X, X.copy(), augmentations=[_hue, _brightness])
    return np.array([image.numpy()[0, 0] for image, _ in dataset])
