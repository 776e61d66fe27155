"""A NumPy weight table updated in place with np.copyto between evaluations.

The traced function reads a module-level NumPy array (a constant at trace time);
the loop changes it in place through a NumPy function, not an assignment.
"""
import numpy as np
import tensorflow as tf

TABLE = np.zeros(3, np.float32)


def lookup(ids):
    return tf.gather(TABLE, ids)


def exercise():
    ids = tf.constant([0, 2])
    outs = []
    for k in range(3):
        np.copyto(TABLE, np.arange(3, dtype=np.float32) * k)
        fn = tf.function(lookup)
        outs.append(fn(ids))
    return outs
