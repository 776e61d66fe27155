"""A sweep over temperatures held in a config namespace, step re-wrapped per trial.

The wrapped function reads `cfg.temperature`, an attribute of a module-level
object (not self) that the loop changes: each new tf.function traced the new
value, a hoisted one keeps the first.
"""
import types

import tensorflow as tf

cfg = types.SimpleNamespace(temperature=1.0)


def scaled_softmax(logits):
    return tf.nn.softmax(logits / cfg.temperature)


def exercise():
    logits = tf.constant([1.0, 2.0, 3.0])
    outs = []
    for t in [1.0, 0.5, 2.0]:
        cfg.temperature = t
        step = tf.function(scaled_softmax)
        outs.append(step(logits))
    return outs
