"""The step count (a Python int) makes a tf.function retrace; the batch was always 32 in the log.

A signature built from the observed shapes alone pins the batch to 32, and the epoch's last,
smaller batch (10 rows) then raises. The batch dimension must stay None.
"""
import tensorflow as tf


@tf.function
def weighted_loss(x, step):
    decay = tf.cast(step, tf.float32)
    return tf.reduce_mean(tf.square(x)) / (1.0 + decay)


def exercise():
    data = tf.reshape(tf.range(42 * 3, dtype=tf.float32), [42, 3]) / 100.0
    losses = []
    for step in range(3):
        losses.append(weighted_loss(data[:32], step))
    losses.append(weighted_loss(data[32:], 3))  # the last batch has 10 rows
    return losses


if __name__ == "__main__":
    for step in range(3):
        weighted_loss(tf.ones([32, 3]), step)
