"""A sweep that writes each trial's setting into a module-level config dict, then wraps the step.

`CONFIG` is never rebound, only mutated in place (`CONFIG["scale"] = s`): each new
`tf.function` traces afresh and reads the current scale; hoisted out of the loop, the
one function keeps the scale of its first trace.
"""
import tensorflow as tf

CONFIG = {"scale": 1.0}


def step(x):
    return x * CONFIG["scale"]


def exercise():
    out = []
    for scale in (1.0, 2.0, 3.0):
        CONFIG["scale"] = scale
        fn = tf.function(step)
        out.append(fn(tf.constant([1.0, 2.0])))
    return out
