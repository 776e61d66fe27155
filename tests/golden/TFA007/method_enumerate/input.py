import tensorflow as tf


class Scaler(tf.Module):
    def __init__(self):
        self.scale = tf.Variable(2.0)

    @tf.function
    def apply(self, x, index):
        return x * self.scale + tf.cast(index, tf.float32)

    def run(self, batches):
        out = []
        for i, x in enumerate(batches):
            out.append(self.apply(x, i))
        return out


def exercise():
    return Scaler().run([tf.ones([3]) * k for k in range(5)])
