"""An integer Python draw meets a float op: `tf.pow(img, random.choice([1, 2, 3]))` with an int32 draw raises."""
import random

import tensorflow as tf


@tf.function
def gamma_like(img):
    return tf.pow(img, random.choice([1, 2, 3]))


def exercise():
    img = tf.constant([2.0, 3.0])
    return [gamma_like(img) for _ in range(600)]
