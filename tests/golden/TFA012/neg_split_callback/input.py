"""No split: `record` is passed to `tf.vectorized_map`'s caller as a value (a wrapper would be
called, and traced, there), `tally` is called from another tf.function, and `memo` reads the
dict it fills: the findings stay without a fix."""
import tensorflow as tf


@tf.function
def record(x, log):
    log.append(x)
    return x * 2.0


def apply(fn, x):
    return fn(x, [])


@tf.function
def tally(x, counts):
    counts["n"] = x
    return x + 1.0


@tf.function
def outer(x):
    return tally(x, {})


cache = {}


@tf.function
def memo(x, key):
    if key not in cache:
        cache[key] = x * x
    return cache[key]


def run(x):
    return apply(record, x)
