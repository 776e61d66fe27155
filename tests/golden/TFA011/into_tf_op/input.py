from keras import Sequential, Input, layers
import tensorflow as tf


def exercise(calls=3):
    model = Sequential([Input((2,)), layers.Dense(3, kernel_initializer="ones")])
    return [tf.reduce_sum(model.predict(tf.fill([1, 2], float(i)), verbose=0)) for i in range(calls)]
