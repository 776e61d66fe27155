import tensorflow as tf


class Normalizer(tf.Module):
    def __init__(self, scale):
        self.scale = tf.Variable(scale)

    @tf.function
    def __call__(self, x):
        return x / tf.norm(x, axis=-1, keepdims=True) * self.scale


def exercise():
    small, large = Normalizer(1.0), Normalizer(3.0)
    return [layer(tf.ones([rows, 4])) for layer in (small, large) for rows in (2, 6, 2, 9)]
