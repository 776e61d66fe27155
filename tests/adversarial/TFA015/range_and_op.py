"""The static shape used both in an op and in a Python `range`: the batch dimension (None in the
signature) sizes a `tf.zeros`, the feature dimension (fixed, 3) drives a Python loop. Only the
batch read may be rewritten; the loop must keep its Python int."""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def cumulative(x):
    acc = tf.zeros([x.shape[0]], x.dtype)
    columns = []
    for j in range(x.shape[1]):
        acc = acc + x[:, j]
        columns.append(acc)
    return tf.stack(columns, axis=1)


def exercise():
    return [cumulative(tf.reshape(tf.range(3.0 * n), [n, 3])) for n in (1, 2, 4)]
