import tensorflow as tf


def activation(h):
    return tf.maximum(tf.square(h), 0.5) + tf.exp(-h)


@tf.function
def forward(x):
    h = x * 2.0
    return activation(h)


def exercise():
    return [forward(tf.constant([0.1, -0.3, float(i)])) for i in range(3)]
