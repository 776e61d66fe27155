"""`next()` on a tf.data iterator is an op: each call takes the next element."""
import tensorflow as tf

dataset = tf.data.Dataset.range(5)


@tf.function
def take(iterator):
    return next(iterator) * 2


def exercise():
    iterator = iter(dataset)
    return [int(take(iterator)) for _ in range(3)]
