"""A tf.Module whose call creates a local scale variable; the training code
regularises every variable the module tracks.

Homing the variable on ``self`` makes the module track it: the L2 penalty over
``self.trainable_variables`` (and the gradient step) now includes it.
"""
import tensorflow as tf


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0], [2.0]])

    @tf.function
    def __call__(self, x):
        scale = tf.Variable(3.0)
        return tf.matmul(x, self.w) * scale


def exercise():
    m = Scaler()
    x = tf.constant([[1.0, 1.0]])
    outs = []
    for _ in range(2):
        y = m(x)
        l2 = tf.add_n([tf.reduce_sum(v ** 2) for v in m.trainable_variables])
        outs.append((y, l2, len(m.trainable_variables)))
    return outs
