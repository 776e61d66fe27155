import tensorflow as tf


@tf.function(autograph=False)
def f(x):
    total = tf.reduce_sum(x)
    y = x
    if total > 0:
        h = x * 2.0
        y = h + 1.0
    if total > 1:
        if tf.reduce_max(x) > 3:
            y = y * 3.0
            z = y + 1.0
            y = z
        else:
            y = y - 1.0
    return y


def exercise():
    # neither branch; first only; second with the inner else; second with the inner if
    xs = [[-1.0, -2.0], [0.5, 0.2], [1.0, 0.5], [4.0, 1.0]]
    return [f(tf.constant(x)) for x in xs]
