"""tensorflow-similarity's build_masks: original eagerly vs tfautofix's unsafe TFA003 rewrite without AutoGraph."""
import tensorflow as tf

def original(query_labels, key_labels, batch_size, remove_diagonal=True):
    if tf.rank(query_labels) == 1:
        query_labels = tf.reshape(query_labels, (-1, 1))
    if tf.rank(key_labels) == 1:
        key_labels = tf.reshape(key_labels, (-1, 1))
    positive_mask = tf.math.equal(query_labels, tf.transpose(key_labels))
    negative_mask = tf.math.logical_not(positive_mask)
    if remove_diagonal:
        positive_mask = tf.linalg.set_diag(positive_mask, tf.zeros(batch_size, dtype=tf.bool))
    return positive_mask, negative_mask

def rewritten(query_labels, key_labels, batch_size, remove_diagonal=True):
    query_labels = tf.cond(
        tf.rank(query_labels) == 1,
        lambda: tf.reshape(query_labels, (-1, 1)),
        lambda: query_labels,
    )
    key_labels = tf.cond(
        tf.rank(key_labels) == 1,
        lambda: tf.reshape(key_labels, (-1, 1)),
        lambda: key_labels,
    )
    positive_mask = tf.math.equal(query_labels, tf.transpose(key_labels))
    negative_mask = tf.math.logical_not(positive_mask)
    if remove_diagonal:
        positive_mask = tf.linalg.set_diag(positive_mask, tf.zeros(batch_size, dtype=tf.bool))
    return positive_mask, negative_mask

for labels in (tf.constant([0, 1, 0, 2]), tf.constant([[0], [1], [0], [2]])):
    want = original(labels, labels, tf.size(labels))
    for name, fn in (("original", original), ("rewrite", rewritten)):
        try:
            got = tf.function(fn, autograph=False)(labels, labels, tf.size(labels))
            same = all(bool(tf.reduce_all(a == b)) for a, b in zip(want, got))
            print(f"rank {labels.shape.rank} {name} compiled without AutoGraph: equal to eager: {same}; static shape {got[0].shape}")
        except Exception as e:
            print(f"rank {labels.shape.rank} {name} compiled without AutoGraph raises {type(e).__name__}")
