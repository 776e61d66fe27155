import tensorflow as tf

history = []


@tf.function
def train_step(x):
    loss = tf.reduce_mean(x * x)
    history.append(loss)
    return loss
