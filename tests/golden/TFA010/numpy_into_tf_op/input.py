import tensorflow as tf


class Scorer(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0], [2.0]])

    @tf.function
    def __call__(self, x):
        return tf.matmul(x.numpy(), self.w)


def exercise():
    scorer = Scorer()
    return [scorer(tf.constant([[1.0, float(i)]])) for i in range(3)]
