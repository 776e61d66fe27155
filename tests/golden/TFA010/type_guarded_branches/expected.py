"""Branches a type test keeps tensors out of (keras_hub's `convert_to_numpy`): NumPy under
`isinstance(x, (np.ndarray, list))`, `isinstance(salt, six.integer_types)`, `not tf.is_tensor(x)` or
`hasattr(x, "to_numpy")` (pandas), or read through `.shape` only, in the `else` of
`isinstance(x, tf.Tensor)`, after `if tf.is_tensor(x): return ...`; and, in a helper traced
through its callers, the `isinstance(x, tf.RaggedTensor)` branch no caller here reaches (a
dense tensor is passed). Only the dense-tensor branch is a finding (`as_array` passes it a
tensor; not run: the exercise runs the guarded branches), and `rebound`'s NumPy on a shape made a tensor."""
import numpy as np
import six
import tensorflow as tf


def to_numpy(x):
    if isinstance(x, np.ndarray):
        return x
    if tf is not None and isinstance(x, tf.RaggedTensor):
        return x.numpy()
    if tf is not None and isinstance(x, tf.Tensor):
        return np.asarray(x)
    return np.array(x)


def width(x):
    if not tf.is_tensor(x):
        return np.size(x)
    return tf.size(x)


def salted(seed, salt):
    if isinstance(salt, six.integer_types):
        return seed + np.uint64([salt & (2**64 - 1)]).view(np.int32)[0]
    return seed + salt


def bounded(shape, minval):
    if not np.all(shape[-len(minval.shape):] == minval.shape):
        raise ValueError(shape)
    shape = tf.convert_to_tensor(shape)  # rebound after the check: the check saw the parameter
    return minval + tf.cast(tf.reduce_sum(shape) * 0, minval.dtype)


@tf.function
def rebound(shape):
    shape = tf.shape(shape)  # rebound before: a tensor (reported and fixed: `tf.size`)
    return tf.size(shape)


def values(series):
    if hasattr(series, "index") and hasattr(series, "to_numpy"):
        return np.transpose(series.to_numpy())
    return series


def total(x):
    if isinstance(x, (list, tuple)):
        return np.sum(x)
    elif isinstance(x, tf.Tensor):
        return tf.reduce_sum(x)
    else:
        return np.sum(x)


@tf.function
def as_array(x):
    return to_numpy(x)  # a tensor reaches the dense branch (reported, never run here)


@tf.function
def step(x):
    scale = to_numpy([2.0, 3.0])
    x = values(bounded(x.shape, x))
    return x * tf.cast(scale.sum() + width([1, 2, 3]) + total((1, 2)), x.dtype) + tf.cast(width(x), x.dtype)


def exercise():
    return [step(tf.ones([n])) for n in (1, 3)] + [tf.function(salted)(tf.constant(1), 3), rebound(tf.ones([2, 3]))]
