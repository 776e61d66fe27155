import tensorflow as tf


@tf.function(
    input_signature=[
        tf.TensorSpec(shape=[], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.float32),
    ],
)
def schedule(base, epoch):
    return base * tf.pow(0.5, epoch)  # the trace log shows `epoch` became float32 here


def exercise():
    return [schedule(tf.constant(0.1), epoch) for epoch in range(1, 5)]
