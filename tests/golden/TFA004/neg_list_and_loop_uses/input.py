import tensorflow as tf


@tf.function
def joined(xs):
    # tf.concat treats a list otherwise than its stacked tensor: not stacked
    return tf.concat(xs, axis=0)


@tf.function
def row_list(x):
    rows = []
    for i in range(x.shape[0]):  # the list is returned as a Python list: no TensorArray form
        rows.append(x[i] * 2.0)
    return rows


@tf.function(autograph=False)
def first_positive(x):
    found = tf.zeros([3])
    for i in range(x.shape[0]):  # `break`: no explicit tf.while_loop form here
        found = x[i]
        break
    return found


def exercise():
    out = [joined([tf.ones([2])] * n) for n in (2, 3, 4)]
    out += [row_list(tf.ones([n, 3])) for n in (2, 3, 4)]
    out += [first_positive(tf.ones([n, 3])) for n in (2, 3, 4)]
    return out
