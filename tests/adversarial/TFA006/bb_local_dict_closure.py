"""A hyper-parameter sweep: a local dict updated in the loop, the step re-wrapped per value.

`f` closes over `params`, a local dict the loop changes by subscript assignment;
each new tf.function traced the current value.
"""
import tensorflow as tf


def exercise():
    params = {"margin": 0.0}

    def hinge(x):
        return tf.nn.relu(params["margin"] - x)

    outs = []
    for m in [0.5, 1.0, 2.0]:
        params["margin"] = m
        loss = tf.function(hinge)
        outs.append(loss(tf.constant([0.25, 1.5])))
    return outs
