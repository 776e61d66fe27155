import tensorflow as tf


@tf.function(autograph=False)
def bucket(x):
    level = tf.reduce_max(x)
    if level > 10.0:
        label = tf.constant(2)
    elif level > 1.0:
        label = tf.constant(1)
    else:
        label = tf.constant(0)
    return label


@tf.function(autograph=False)
def piecewise(x):
    mean = tf.reduce_mean(x)
    if mean < -1.0:
        return -x
    elif mean < 1.0:
        return x * x
    elif mean < 5.0:
        y = x + 1.0
        return y * 2.0
    else:
        return tf.sqrt(x)


def exercise():
    xs = [tf.constant([20.0]), tf.constant([5.0]), tf.constant([0.5]), tf.constant([-3.0]), tf.constant([9.0])]
    return [bucket(x) for x in xs] + [piecewise(x) for x in xs]
