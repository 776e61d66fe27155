"""Distillation: the teacher's logits are flattened with np.reshape inside the
tape, teacher and student sharing the embedding.

np.reshape returns a NumPy array — a constant for the tape; tf.reshape does not.
"""
import numpy as np
import tensorflow as tf

emb = tf.Variable([[1.0, 2.0], [3.0, 4.0]])


@tf.function
def distill(x):
    with tf.GradientTape() as tape:
        teacher = np.reshape(tf.matmul(x, emb) * 2.0, [-1])
        student = tf.reshape(tf.matmul(x, emb), [-1])
        loss = tf.reduce_sum((student - teacher) ** 2)
    g = tape.gradient(loss, emb)
    emb.assign_sub(0.01 * g)
    return loss


def exercise():
    x = tf.constant([[1.0, 0.0]])
    return [distill(x) for _ in range(2)], emb.read_value()
