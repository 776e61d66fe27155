import tensorflow as tf


@tf.function
def normalize(x):
    return tf.keras.layers.LayerNormalization(epsilon=1e-6)(x) * 2.0


def exercise():
    return [normalize(tf.constant([[1.0, 2.0, 4.0]]) * i) for i in range(1, 4)]
