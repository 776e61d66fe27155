"""The same per-batch mean under an `input_signature` with a None batch: the original cannot work
compiled, so a fix would be offered as safe — but the int32 `tf.shape(x)[0]` cannot be mixed
with the float32 numerator. A safe fix must work."""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def column_mean(x):
    return tf.math.divide(tf.reduce_sum(x, axis=0), x.shape[0])


def exercise():
    return [column_mean(tf.ones([n, 2]) * float(n)) for n in (1, 2, 3)]
