import tensorflow as tf


@tf.function(autograph=False)
def dropout_if_active(x, training):
    if training:
        return tf.cond(tf.reduce_sum(x) > 0, lambda: x * 0.5, lambda: x)
    return x


@tf.function(autograph=False)
def clip_unless(x, strict=False):
    y = x
    if strict:  # Python first: `or` skips the tensor test when strict
        y = tf.minimum(x, 1.0)
    else:
        y = tf.cond(tf.reduce_max(x) > 1.0, lambda: tf.minimum(x, 1.0), lambda: x + 1.0)
    return y


@tf.function(autograph=False)
def scale(x, factor=None):
    if factor is not None:
        out = tf.cond(tf.reduce_min(x) >= 0.0, lambda: x * factor, lambda: -x)
    else:
        out = -x
    return out


def exercise():
    pos, neg = tf.constant([1.0, 2.0]), tf.constant([-1.0, -2.0])
    return [
        dropout_if_active(pos, True),
        dropout_if_active(neg, True),
        dropout_if_active(pos, False),
        clip_unless(pos, strict=True),
        clip_unless(tf.constant([0.5]), strict=False),
        clip_unless(pos),
        scale(pos, 3.0),
        scale(neg, 3.0),
        scale(pos),
    ]
