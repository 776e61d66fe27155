import tensorflow as tf

_layer_normalization = tf.keras.layers.LayerNormalization(epsilon=1e-6)


@tf.function
def normalize(x):
    return _layer_normalization(x) * 2.0


def exercise():
    return [normalize(tf.constant([[1.0, 2.0, 4.0]]) * i) for i in range(1, 4)]
