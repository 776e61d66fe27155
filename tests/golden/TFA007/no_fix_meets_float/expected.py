import tensorflow as tf


@tf.function
def decayed(lr, step):
    return lr * tf.pow(0.96, step)  # a Python int adopts float32 here; an int32 tensor raises


@tf.function
def warmup(lr, step):
    return tf.minimum(lr, lr * step / 4)


def exercise():
    lr = tf.constant(0.1)
    return [decayed(lr, tf.constant(step, dtype=tf.float32)) for step in range(3)] + [
        warmup(lr, tf.constant(step, dtype=tf.float32)) for step in range(3)
    ]
