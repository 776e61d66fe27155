"""A layer-like module creates its variables on the first call: TensorFlow traces that call twice.

Only one batch size (16) is ever observed. A rule that counts the variable-creation retrace as a
signature problem would pin `TensorSpec([16, 5])`, and the smaller last batch would then be
rejected. The retrace has no argument change: nothing to fix.
"""
import tensorflow as tf


class Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = None

    @tf.function
    def __call__(self, x):
        if self.w is None:
            self.w = tf.Variable(tf.ones([5]) * 2.0)
        return tf.reduce_sum(x * self.w, axis=-1)


def exercise():
    scale = Scale()
    return [scale(tf.ones([16, 5]) * k) for k in range(3)]


if __name__ == "__main__":
    exercise()
