"""A variable initialised by a Keras initializer call on every call of a tf.function.

`GlorotNormal(seed=3)(shape=...)` is not a literal constant: it must be re-initialised
(or the fix not be safe), never frozen as if it were `0.0`.
"""
import tensorflow as tf
from tensorflow import keras


@tf.function
def project(x):
    kernel = tf.Variable(keras.initializers.GlorotNormal(seed=3)(shape=(2, 2)))
    return tf.matmul(x, kernel)


def exercise():
    x = tf.constant([[1.0, 0.0], [0.0, 1.0]])
    return [project(x), project(x * 2.0)]
