import tensorflow as tf


def eager_only(x):
    # never traced: plain eager code may branch on tensor values
    if tf.reduce_mean(x) > 0.5:
        return tf.nn.relu(x)
    return tf.nn.sigmoid(x)


def main():
    value = tf.reduce_sum(eager_only(tf.constant([1.0, 2.0])))
    while value > 1.0:
        value = value / 2.0
    return value
