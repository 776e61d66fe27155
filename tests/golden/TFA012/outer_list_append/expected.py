import tensorflow as tf

history = []


@tf.function
def _train_step_core(x):
    loss = tf.reduce_mean(x * x)
    return loss, loss


def train_step(x):
    loss, result = _train_step_core(x)
    history.append(loss)
    return result
