"""Only ASSERT_STATEMENTS (or ALL) makes AutoGraph convert `assert`: with other features it still fails."""
import tensorflow as tf


@tf.function(experimental_autograph_options=tf.autograph.experimental.Feature.BUILTIN_FUNCTIONS)
def step(x):
    tf.debugging.Assert(tf.reduce_sum(x) > 0.0, ["empty batch"])
    return x * 2


def exercise():
    return [step(tf.fill([3], float(i))) for i in range(1, 4)]
