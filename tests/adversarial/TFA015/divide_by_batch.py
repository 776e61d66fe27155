"""`tf.divide(total, x.shape[0])`: a Python int divisor adapts to the float numerator; the
rewrite's `tf.shape(x)[0]` is an int32 tensor, which `tf.divide` refuses to mix with float32
(float64 here). No fix may be offered. Relaxed by `reduce_retracing`, and only one batch size,
so the original works compiled.
"""
import tensorflow as tf


@tf.function(reduce_retracing=True)
def column_mean(x):
    return tf.divide(tf.reduce_sum(x, axis=0), x.shape[0])


def exercise():
    x = tf.reshape(tf.range(6.0, dtype=tf.float64), [3, 2])
    return [column_mean(x), column_mean(x * 2.0)]
