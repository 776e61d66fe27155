import tensorflow as tf


def eager_check(x):
    assert tf.reduce_sum(x) > 0.0
    return x


@tf.function(
    experimental_autograph_options=tf.autograph.experimental.Feature.ASSERT_STATEMENTS,
)
def converted(x):
    assert tf.reduce_sum(x) > 0.0
    return x


@tf.function
def escaped(x):
    def check(v):
        assert tf.reduce_sum(v) > 0.0
        return v

    return tf.py_function(check, [x], tf.float32)
