import tensorflow as tf
from tensorflow import keras


@tf.function
def project(x):
    kernel = tf.Variable(keras.initializers.GlorotNormal(seed=3)(shape=(2, 2)))
    kernel.assign_add(tf.ones([2, 2]))
    return tf.matmul(x, kernel)


def exercise():
    x = tf.constant([[1.0, 0.0], [0.0, 1.0]])
    return [project(x), project(x * 2.0)]
