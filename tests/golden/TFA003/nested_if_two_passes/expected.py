import tensorflow as tf


@tf.function(autograph=False)
def f(x):
    total = tf.reduce_sum(x)
    y = x

    def _true_fn():
        h = x * 2.0
        y = h + 1.0
        return y

    y = tf.cond(total > 0, _true_fn, lambda: y)

    def _true_fn_2(y):
        def _true_fn(y):
            y = y * 3.0
            z = y + 1.0
            y = z
            return y

        y = tf.cond(tf.reduce_max(x) > 3, lambda: _true_fn(y), lambda: y - 1.0)
        return y

    y = tf.cond(total > 1, lambda: _true_fn_2(y), lambda: y)
    return y


def exercise():
    # neither branch; first only; second with the inner else; second with the inner if
    xs = [[-1.0, -2.0], [0.5, 0.2], [1.0, 0.5], [4.0, 1.0]]
    return [f(tf.constant(x)) for x in xs]
