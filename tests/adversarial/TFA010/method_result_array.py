"""`np.transpose(series.to_numpy())` in a helper of traced code: the argument is the NumPy array
a pandas-like object hands out, not a tensor, and the code works traced. `tf.transpose` would
turn it into a symbolic tensor that the `np.squeeze` around it cannot convert. A method's result
is no proof of a tensor, so the rewrite may not be safe. Seen in real code:
tensorflow_probability `sts/internal/util.py:355` (`canonicalize_observed_time_series_with_mask`)."""
# expect: unsafe-declined
import numpy as np
import tensorflow as tf


class Frame:
    """A pandas-like table: its values come out as a NumPy array."""

    def __init__(self, rows):
        self.rows = rows

    def to_numpy(self):
        return np.asarray(self.rows, dtype=np.float32)


FRAME = Frame([[1.0], [2.0], [4.0]])


def observed(series):
    if hasattr(series, "to_numpy"):
        return np.squeeze(np.transpose(series.to_numpy()))
    return series


@tf.function
def total(x):
    return tf.reduce_sum(x) + tf.reduce_sum(observed(FRAME))


def exercise():
    return [total(tf.constant([float(i), 1.0])) for i in range(3)]
