import tensorflow as tf
import tf_keras


@tf.function
def clipped(x):
    # AutoGraph converts this `if` into tf.cond: it works, nothing to report
    if tf.reduce_max(x) > 1.0:
        x = x / tf.reduce_max(x)
    return x


def helper(x):
    while tf.reduce_sum(x) > 10.0:
        x = x / 2.0
    return x


@tf.function(jit_compile=False)
def calls_helper(x):
    return helper(x)


class Legacy(tf_keras.layers.Layer):
    # tf-keras (Keras 2) converts `call` with AutoGraph
    def call(self, x):
        if tf.reduce_mean(x) > 0.0:
            return x * 2.0
        return x


dataset = tf.data.Dataset.range(3).map(lambda v: v)
