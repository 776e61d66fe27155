import tensorflow as tf


@tf.function
def mean_row(x):
    # `/ x.shape[0]`: the Python int became float32 meeting the float32 sum; under the
    # signature the dimension is None, so it becomes tf.cast(tf.shape(x)[0], tf.float32)
    return tf.reduce_sum(x, axis=0) / x.shape[0]


@tf.function
def scaled(x, counts):
    n = x.shape[0] * 2  # a local bound once: cast where it meets each tensor
    ratio = tf.maximum(tf.cast(counts, tf.float64), n)  # meets float64
    rows = tf.reshape(x, [n // 2, -1])  # a shape: stays int32
    return tf.reduce_mean(rows, axis=1), ratio, counts // n  # meets the int32 counts: no cast


def exercise():
    out = []
    for n in (2, 3, 4):
        x = tf.reshape(tf.range(n * 3, dtype=tf.float32), [n, 3])
        out.append((mean_row(x * n), scaled(x, tf.range(n) * 5)))
    return out
