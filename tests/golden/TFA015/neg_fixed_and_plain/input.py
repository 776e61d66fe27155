import keras
import tensorflow as tf


@tf.function
def plain(x):
    return tf.zeros([x.shape[0], 2])  # traced per shape: always known


@tf.function(input_signature=[tf.TensorSpec([4, None])])
def fixed_rows(x):
    print(x.shape)
    rank = x.shape.rank
    return tf.zeros([x.shape[0], rank]), x.shape[1:]


class Head(keras.layers.Layer):
    def build(self, input_shape):
        self.dense = keras.layers.Dense(input_shape[-1])

    def call(self, x):
        return tf.reshape(x, [x.shape[0], -1])


@tf.function(reduce_retracing=True)
def reassigned(x):
    x = tf.reshape(x, [4, -1])
    return tf.zeros([x.shape[0]])


@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def rows_of(x):
    return tf.map_fn(lambda x: tf.zeros([x.shape[0]]), x)  # the lambda's own `x`: a row of 3
