"""Text classifier inference over padded batches of varying length."""
import numpy as np
import tensorflow as tf

EMB = tf.constant(np.linspace(-1, 1, 50 * 8, dtype=np.float32).reshape(50, 8))


@tf.function
def encode(tokens):
    vectors = tf.nn.embedding_lookup(EMB, tokens)
    mask = tf.cast(tokens > 0, tf.float32)[..., None]
    return tf.reduce_sum(vectors * mask, axis=1) / tf.maximum(tf.reduce_sum(mask, axis=1), 1.0)


def exercise():
    rng = np.random.default_rng(3)
    outs = []
    for length in (5, 9, 12, 9, 20):
        tokens = rng.integers(0, 50, size=(4, length)).astype(np.int32)
        outs.append(encode(tf.constant(tokens)).numpy())
    return outs
