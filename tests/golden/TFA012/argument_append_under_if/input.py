import tensorflow as tf


@tf.function
def step(x, log):
    y = x * 2.0
    if tf.reduce_sum(y) > 0:
        log.append(y)
    i = tf.constant(0)
    while i < 3:
        log.append(i)
        i += 1
    return y


def exercise():
    log = []
    return step(tf.ones([2]), log)
