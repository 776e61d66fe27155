"""A traced function that builds a NumPy buffer and fills it with tensors: rewriting `np.sum`
and `np.max` op by op would leave `buf[i] = ...` broken and the "fix" labelled done. The rule
must report the function once ("do not trace it"), with no fix.
# contract: exact
"""
import numpy as np
import tensorflow as tf


@tf.function
def features(x):
    buf = np.zeros((3,), dtype=np.float32)
    for i in range(3):
        buf[i] = x[i] * 2.0
    return np.sum(buf) + np.max(x)


def exercise():
    xs = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return [features(x) for x in xs]
