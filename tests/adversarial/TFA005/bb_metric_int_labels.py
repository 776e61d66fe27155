"""A stateful accuracy-like metric on integer labels in a custom training step.

y_true is int32 (sparse labels); the function casts inside; it is called
directly in a tf.function train step, not through compile.
"""
# expect: unsafe-declined
import tensorflow as tf


def top1_hits(y_true, y_pred):
    count = tf.Variable(0.0)
    pred = tf.cast(tf.argmax(y_pred, axis=-1), tf.int32)
    count.assign_add(tf.reduce_sum(tf.cast(tf.equal(pred, y_true), tf.float32)))
    return count


@tf.function
def eval_step(labels, logits):
    return top1_hits(labels, logits) + top1_hits(labels, logits * -1.0)


def exercise():
    labels = tf.constant([0, 1, 1], tf.int32)
    logits = tf.constant([[2.0, 1.0], [0.0, 3.0], [5.0, 1.0]])
    return [eval_step(labels, logits), eval_step(labels, -logits)]
