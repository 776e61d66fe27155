"""A Python dict as a memo in traced code: it keeps the first trace's symbolic tensors, and a
call with a known key recomputes in the graph what eager code returns from the cache."""
import tensorflow as tf

cache = {}


@tf.function
def cached_square(x, key):
    if key not in cache:
        cache[key] = x * x
    return cache[key]


def exercise():
    return [float(cached_square(tf.constant(v), "a")) for v in (2.0, 3.0)]
