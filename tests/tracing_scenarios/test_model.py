"""A user's test file, run as `tfautofix trace -- python -m pytest test_model.py`."""

import tensorflow as tf


@tf.function
def normalise(x):
    return x / tf.reduce_max(x)


def test_normalise_batches():
    for batch in (2, 4, 8):
        assert normalise(tf.ones([batch, 3])).shape == (batch, 3)
