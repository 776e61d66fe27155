import tensorflow as tf


@tf.function
def step(x, n=3, *, names=("a", "b")):
    assert x.shape[0] > 0
    assert len(names) == 2
    assert isinstance(x, tf.Tensor)
    assert n >= 1, "n is a Python int"
    assert x is not None
    return x * n
