import tensorflow as tf


@tf.function
def doubled(x):
    outs = []
    for i in tf.range(tf.shape(x)[0]):
        outs.append(x[i] * 2.0)
    return tf.stack(outs)


def exercise():
    return [doubled(tf.constant([1.0, 2.0, float(i)])) for i in range(3)]
