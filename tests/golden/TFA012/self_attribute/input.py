import tensorflow as tf


class Tracker(tf.Module):
    def __init__(self):
        super().__init__()
        self.steps = []
        self.last = None

    @tf.function
    def __call__(self, x):
        self.last = x * 2.0
        self.steps.append(x)
        return self.last
