"""A sweep re-wraps a step that reads state the sweep changes in place: an item of a module
dict and an attribute of a namespace. Hoisted, every call passes the current values as tensors."""
import types

import tensorflow as tf

SETTINGS = {"gain": 1.0}
opts = types.SimpleNamespace(shift=0.0)


def affine(x):
    return x * SETTINGS["gain"] + opts.shift


def sweep(x):
    out = []
    for gain, shift in ((1.0, 0.0), (2.0, 0.5), (3.0, -1.0)):
        SETTINGS["gain"] = gain
        opts.shift = shift
        fn = tf.function(affine)
        out.append(fn(x))
    return out


def exercise():
    return sweep(tf.constant([1.0, 2.0]))
