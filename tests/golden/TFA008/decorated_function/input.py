import tensorflow as tf


@tf.function
def step(x):
    print("step", x)
    return x * 2


def exercise():
    return [step(tf.constant(float(i))) for i in range(3)]
