import tensorflow as tf


@tf.function(autograph=False)
def update(x, acc):
    gate = tf.reduce_mean(x)
    if gate > 0:
        delta = x * 2.0
        acc = acc + delta
        count = tf.constant(1)
    else:
        acc -= 1.0
        count = tf.constant(0)
    return acc, count


def exercise():
    acc = tf.zeros([2])
    return [update(tf.constant([1.0, 2.0]), acc), update(tf.constant([-1.0, -2.0]), acc)]
