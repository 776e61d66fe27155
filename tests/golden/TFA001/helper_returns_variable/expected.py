import tensorflow as tf

_make_total_total = None


def make_total(x):
    global _make_total_total
    if _make_total_total is None:
        _make_total_total = tf.Variable(tf.zeros_like(x))
    else:
        _make_total_total.assign(tf.zeros_like(x))
    total = _make_total_total
    total.assign_add(x)
    return total


@tf.function
def double_total(x):
    return make_total(x) * 2.0


def exercise():
    return [double_total(tf.constant([1.0, 2.0]) * i) for i in range(3)]
