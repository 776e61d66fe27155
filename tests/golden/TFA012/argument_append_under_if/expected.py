import tensorflow as tf


@tf.function
def _step_core(x):
    y = x * 2.0
    i = tf.constant(0)
    return y, i, y


def step(x, log):
    y, i, result = _step_core(x)
    if tf.reduce_sum(y) > 0:
        log.append(y)
    while i < 3:
        log.append(i)
        i += 1
    return result


def exercise():
    log = []
    return step(tf.ones([2]), log)
