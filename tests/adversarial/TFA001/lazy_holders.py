"""Correct lazy singletons: held in a list, in a dict, and as a conditional expression.

Each creates its variable on the first call only; nothing must be rewritten by TFA001.
"""
import tensorflow as tf

_holder = [None]
_cache = {}


@tf.function
def running_total(x):
    if _holder[0] is None:
        _holder[0] = tf.Variable(0.0)
    return _holder[0].assign_add(x)


@tf.function
def running_max(x):
    if "best" not in _cache:
        _cache["best"] = tf.Variable(-1e9)
    return _cache["best"].assign(tf.maximum(_cache["best"], x))


class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.count = None

    @tf.function
    def __call__(self, x):
        self.count = tf.Variable(0.0) if self.count is None else self.count
        return self.count.assign_add(x)


def exercise():
    counter = Counter()
    return [[running_total(tf.constant(float(i))), running_max(tf.constant(float(i))), counter(tf.constant(1.0))] for i in range(3)]
