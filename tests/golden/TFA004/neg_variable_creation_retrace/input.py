import tensorflow as tf


class Scale(tf.Module):
    def __init__(self):
        self.w = None

    @tf.function
    def __call__(self, x):
        if self.w is None:
            self.w = tf.Variable(tf.ones([5]))  # created on the first call: TensorFlow traces twice
        return x * self.w


def exercise():
    scale = Scale()
    return [scale(tf.ones([16, 5])) for _ in range(3)]
