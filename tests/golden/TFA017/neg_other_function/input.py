import tensorflow as tf
from other import step as other_step


@tf.function
def step(x):
    def step(y):  # a nested helper with the same name: not a recursive call
        return y + 1

    return step(x) + other_step(x)


class Model(tf.Module):
    @tf.function
    def call(self, x):
        return self.inner.call(x)
