"""A feature-dict batch (as a tf.data pipeline yields) with varying batch sizes.

One parameter holding a dict of tensors, not a tensor.
"""
import tensorflow as tf


@tf.function
def score(features):
    return features["a"] * 2.0 + tf.cast(features["b"], tf.float32)


def exercise():
    return [score({"a": tf.ones([n]), "b": tf.range(n)}) for n in (2, 3, 4)]


if __name__ == "__main__":
    exercise()
