import tensorflow as tf


@tf.function
def power(x, n):
    return x ** tf.cast(n, tf.float32)


def plain(x, n):
    return x ** n


def run(n):
    result = power(tf.constant(2.0), n)  # one value per call of run: not a loop variable
    for i in range(3):
        result += plain(2.0, i)  # not a tf.function
        result += power(tf.constant(2.0), 3)  # constant argument
    return result
