import tensorflow as tf


@tf.function(autograph=False)
def bucket(x):
    level = tf.reduce_max(x)
    label = tf.cond(
        level > 10.0,
        lambda: tf.constant(2),
        lambda: tf.cond(level > 1.0, lambda: tf.constant(1), lambda: tf.constant(0)),
    )
    return label


@tf.function(autograph=False)
def piecewise(x):
    mean = tf.reduce_mean(x)

    def _true_fn():
        y = x + 1.0
        return y * 2.0

    return tf.cond(
        mean < -1.0,
        lambda: -x,
        lambda: tf.cond(
            mean < 1.0,
            lambda: x * x,
            lambda: tf.cond(mean < 5.0, _true_fn, lambda: tf.sqrt(x)),
        ),
    )


def exercise():
    xs = [tf.constant([20.0]), tf.constant([5.0]), tf.constant([0.5]), tf.constant([-3.0]), tf.constant([9.0])]
    return [bucket(x) for x in xs] + [piecewise(x) for x in xs]
