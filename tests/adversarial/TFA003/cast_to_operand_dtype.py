"""Casts to another tensor's dtype: `tf.cast(mask, logits.dtype)` / `tf.cast(mask, labels.dtype)`.

Both casts end in `.dtype`, yet give the dtypes of two different tensors
(float32 logits, int32 labels). Comparing the dtype argument by its last
attribute takes them for one dtype.
"""
import tensorflow as tf


def mask_like(mask, logits, labels):
    if tf.reduce_any(mask):
        return tf.cast(mask, logits.dtype)
    return tf.cast(mask, labels.dtype)


mask_like_graph = tf.function(mask_like, autograph=False)


def exercise():
    logits, labels = tf.constant([0.5, 1.5]), tf.constant([1, 0])
    return [
        mask_like_graph(tf.constant([True, False]), logits, labels),
        mask_like_graph(tf.constant([False, False]), logits, labels),
    ]
# expect: unsafe-declined
