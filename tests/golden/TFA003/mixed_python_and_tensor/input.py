import tensorflow as tf


@tf.function(autograph=False)
def dropout_if_active(x, training):
    if training and tf.reduce_sum(x) > 0:
        return x * 0.5
    return x


@tf.function(autograph=False)
def clip_unless(x, strict=False):
    y = x
    if strict or tf.reduce_max(x) > 1.0:  # Python first: `or` skips the tensor test when strict
        y = tf.minimum(x, 1.0)
    else:
        y = x + 1.0
    return y


@tf.function(autograph=False)
def scale(x, factor=None):
    if factor is not None and tf.reduce_min(x) >= 0.0:
        out = x * factor
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
