import tensorflow as tf


def show(x):
    print("element", x)
    return x + 1


dataset = tf.data.Dataset.range(3).map(show)
