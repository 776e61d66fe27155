import tensorflow as tf


@tf.function(autograph=False)
def update(x, acc):
    gate = tf.reduce_mean(x)

    def _true_fn(acc):
        delta = x * 2.0
        acc = acc + delta
        count = tf.constant(1)
        return acc, count

    def _false_fn(acc):
        acc -= 1.0
        count = tf.constant(0)
        return acc, count

    acc, count = tf.cond(gate > 0, lambda: _true_fn(acc), lambda: _false_fn(acc))
    return acc, count


def exercise():
    acc = tf.zeros([2])
    return [update(tf.constant([1.0, 2.0]), acc), update(tf.constant([-1.0, -2.0]), acc)]
