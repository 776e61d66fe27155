import tensorflow as tf


@tf.function
def positive(x):
    tf.debugging.Assert(
        tf.reduce_all(tf.abs(x) >= 0.0), ["assert tf.abs(x) >= 0.0"]
    )  # not a scalar
    tf.debugging.Assert(tf.reduce_max(x) < 10.0, [f"too large: {x}"])
    assert tf.reduce_min(x) > 0.0 and tf.reduce_max(x) < 5.0
    return x
