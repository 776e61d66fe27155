"""Augmentation: rotate by a random multiple of 90 degrees chosen with Python's random.

Modelled on zzh8829/yolov3-tf2 / PacktPublishing/Hands-On-Computer-Vision-with-TensorFlow-2
data pipelines (augmentation functions mapped over images); the rotation is chosen with
`random.randint`, as users do before switching to tf.random.
"""
import random

import numpy as np
import tensorflow as tf

random.seed(3)
gen = tf.random.Generator.from_seed(3)


@tf.function
def augment(image):
    k = gen.uniform([], 0, 4, dtype=tf.int32)
    return tf.image.rot90(image, k)


def exercise():
    image = tf.reshape(tf.range(4, dtype=tf.float32), [2, 2, 1])
    return np.array([augment(image).numpy()[0, 0, 0] for _ in range(200)])
