import tensorflow as tf


@tf.function
def train_step(x):
    loss = tf.reduce_mean(x)
    # A width is padding tf.print cannot apply; `%d` of a float truncates in Python: no fix.
    print("loss: %8.3f" % loss)
    print("rounded: %d" % loss)
    return loss
