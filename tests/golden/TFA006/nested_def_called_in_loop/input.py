import tensorflow as tf


def run_step(x):
    @tf.function
    def step(y):
        return y * y + 1.0

    return step(x)


def exercise():
    return [run_step(tf.constant(float(i))) for i in range(3)]
