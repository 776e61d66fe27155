"""A draw inside another draw's arguments: the inner one is only fixable once the outer is
a TensorFlow op, so the engine needs a second pass (no exercise: the length itself is random)."""
import tensorflow as tf


@tf.function
def ragged_noise():
    return tf.random.normal(
        tf.reshape(tf.random.uniform([], 1, 4, dtype=tf.int32), [-1])
    )
