import tensorflow as tf


@tf.function
def train_step(x):
    loss = tf.reduce_mean(x * x)
    print("loss", loss)
    return loss


def train(epochs):
    return [float(train_step(tf.fill([4], float(i)))) for i in range(epochs)]
