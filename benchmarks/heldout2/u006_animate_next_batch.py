"""Animating a source image with several driving videos: `animate` defines its batching tf.functions on every call.

Modelled on lshug/first-order-model-tf, animate.py (inside `animate(...)`:
`@tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)]) def next_batch(x): return
x[0:batch_size], x[batch_size:]`; module-level `@tf.function def convert(x): return x[0:]` applied to the
source image and the driving video), and its issue #22 (`animate` is called in a loop in run.py).
"""
import math

import numpy as np
import tensorflow as tf


@tf.function
def convert(x):
    return x[0:]


def kp_detector(frames):
    return {"value": tf.reduce_mean(frames, axis=[1, 2])}


def generator(source_image, kp_driving, kp_source):
    return {"prediction": source_image + tf.reshape(kp_driving - kp_source, (-1, 1, 1, 3))}


def animate(source_image, driving_video, batch_size=2):
    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
    def next_batch(x):
        return x[0:batch_size], x[batch_size:]

    l = len(driving_video)
    source_image, driving_video = convert(source_image), convert(driving_video)
    kp_source = kp_detector(source_image)
    predictions = []
    for i in range(math.ceil(l / batch_size)):
        driving_video_tensor, driving_video = next_batch(driving_video)
        kp_driving = kp_detector(driving_video_tensor)
        out = generator(source_image, kp_driving["value"], kp_source["value"])
        predictions.append(out["prediction"].numpy())
    return np.concatenate(predictions, 0)[:l]


def exercise():
    rng = np.random.default_rng(6)
    source = rng.random((1, 4, 4, 3)).astype("float32")
    videos = [rng.random((n, 4, 4, 3)).astype("float32") for n in (4, 6, 5, 4)]
    return [animate(source, video).mean(axis=(1, 2, 3)) for video in videos]
