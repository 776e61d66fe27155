"""A step that reads an environment variable, re-wrapped after each change.

os.environ is a container of another module, changed in place in the loop.
"""
import os

import tensorflow as tf


def maybe_clip(x):
    limit = float(os.environ.get("CLIP_LIMIT", "10"))
    return tf.clip_by_value(x, -limit, limit)


def exercise():
    x = tf.constant([5.0, -8.0])
    outs = []
    for limit in ["10", "3", "1"]:
        os.environ["CLIP_LIMIT"] = limit
        clip = tf.function(maybe_clip)
        outs.append(clip(x))
    os.environ.pop("CLIP_LIMIT")
    return outs
