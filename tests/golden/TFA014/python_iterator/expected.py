"""`next()` on a Python iterator in traced code: the element of the first trace on every call."""
import itertools

import tensorflow as tf

external_var = tf.Variable(0)


@tf.function
def buggy_consume_next(next_iterator):
    external_var.assign_add(next_iterator)
    return external_var.read_value()


def numbers():
    yield from (1, 2, 3)


stream = numbers()
counter = itertools.count(1)


@tf.function
def scaled(x, next_stream, next_counter):
    return x * next_stream + next_counter


def exercise():
    iterator = iter([1, 2, 3, 4])
    consumed = [int(buggy_consume_next(tf.constant(next(iterator)))) for _ in range(3)]
    return (
        consumed,
        [
            float(
                scaled(
                    tf.constant(1.0),
                    tf.constant(next(stream), dtype=tf.float32),
                    tf.constant(next(counter), dtype=tf.float32),
                ),
            )
            for _ in range(3)
        ],
    )
