import tensorflow as tf


class Trainer:
    def __init__(self, scale):
        self.scale = scale

    def loss(self, x):
        return tf.reduce_mean(x) * self.scale

    def fit(self, steps):
        history = []
        step = 0
        while step < steps:
            history.append(tf.function(self.loss)(tf.fill([2], float(step))))
            step += 1
        return history


def exercise():
    return Trainer(3.0).fit(4)
