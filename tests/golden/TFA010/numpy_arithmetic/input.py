import tensorflow as tf


@tf.function
def scaled(x):
    return x.numpy() * 3.0 + 1.0


def exercise():
    return [scaled(tf.constant([1.0, float(i)])) for i in range(3)]
