import tensorflow as tf


@tf.function(autograph=False)
def doubling(x):
    # `x` grows each iteration: tf.while_loop needs shape_invariants
    while tf.size(x) < 10:
        x = tf.concat([x, x], axis=0)
    return x


@tf.function(autograph=False)
def collect(x, n):
    out = tf.zeros([0])
    i = tf.constant(0)
    while i < n:
        out = tf.concat([out, x], 0)
        i = i + 1
    return out, i


def exercise():
    return [doubling(tf.constant([1.0, 2.0])), doubling(tf.constant([3.0])), collect(tf.constant([1.0, 2.0]), tf.constant(3))]
