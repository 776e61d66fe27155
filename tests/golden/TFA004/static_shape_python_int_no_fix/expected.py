import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def tagged(x):
    tf.print("rows:", tf.shape(x)[0])  # formatted by Python: a tensor cannot be
    return x * 2.0


@tf.function(
    autograph=False, input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)]
)
def unrolled(x):
    total = tf.zeros([3])

    def loop_body(i, total):  # a Python loop: needs the Python int
        total += x[i]
        return i + 1, total

    i, total = tf.while_loop(lambda i, total: i < tf.shape(x)[0], loop_body, [0, total])
    return total


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def padded(x):
    pad = tf.zeros([tf.shape(x)[0]], dtype=tf.float32)  # NumPy needs the Python int
    return x[:, 0] + pad


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def halves(x):
    return tf.reduce_sum(x) / tf.cast(
        tf.shape(x)[0] / 2, tf.float32
    )  # `n / 2` is Python float arithmetic


def exercise():
    out = []
    for n in (2, 3, 4):
        x = tf.ones([n, 3]) * n
        out.append((tagged(x), unrolled(x), padded(x), halves(x)))
    return out
