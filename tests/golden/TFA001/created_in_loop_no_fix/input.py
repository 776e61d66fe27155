import tensorflow as tf


@tf.function
def layered(x):
    total = 0.0
    for i in range(2):
        w = tf.Variable(float(i))
        total += x * w
    return total + tf.Variable(1.0)
