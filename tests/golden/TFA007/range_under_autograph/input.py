import tensorflow as tf


@tf.function
def smooth(x, passes):
    for _ in range(passes):  # AutoGraph: a tf.while_loop when `passes` is a tensor
        x = 0.5 * (x + tf.roll(x, 1, axis=0))
    return x


def exercise():
    x = tf.constant([4.0, 0.0, 2.0, 8.0])
    out = []
    for passes in range(1, 5):
        out.append(smooth(x, passes))
    return out
