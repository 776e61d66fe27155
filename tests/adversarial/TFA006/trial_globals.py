"""A hyper-parameter search that rebinds the global `scale` per trial and wraps the
same step function in a tf.function inside the trial loop.

Each new tf.function traced the trial's `scale`; hoisting the wrapper out of the
loop freezes the first trial's value.
"""
import tensorflow as tf

scale = 1.0


def train_step(x):
    return x * scale


def search():
    global scale
    results = []
    for trial_scale in (1.0, 10.0, 100.0):
        scale = trial_scale
        step = tf.function(train_step)
        results.append(step(tf.constant([1.0, 2.0])))
    return results


def exercise():
    return search()
