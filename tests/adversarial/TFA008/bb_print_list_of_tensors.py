"""print of a Python list of per-layer gradient norms in a custom train step.

Eagerly: a list of EagerTensor reprs, one line per call.
"""
import tensorflow as tf

w1 = tf.Variable([1.0, 2.0])
w2 = tf.Variable([[3.0]])


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w1 * x) + tf.reduce_sum(w2 * x[0])
    grads = tape.gradient(loss, [w1, w2])
    print([tf.norm(g) for g in grads])
    return loss


def exercise():
    return [train_step(tf.constant([1.0, 2.0])), train_step(tf.constant([0.5, 0.5]))]
