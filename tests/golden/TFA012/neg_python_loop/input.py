import tensorflow as tf


@tf.function
def unrolled(x):
    # A Python loop is unrolled at trace time: collecting its tensors in a list works.
    outs = []
    for i in range(3):
        outs.append(x * i)
    return tf.stack(outs)
