import tensorflow as tf


@tf.function
def train_step(x):
    loss = tf.reduce_mean(x)
    # A width is padding tf.print cannot apply; `%d` of a float truncates in Python: not as
    # tf.print; Python's own print in a tf.py_function formats as eager code did.
    print("loss: %8.3f" % loss)
    print("rounded: %d" % loss)
    return loss


def exercise():
    return [train_step(tf.constant([float(i), 1.5])) for i in range(3)]
