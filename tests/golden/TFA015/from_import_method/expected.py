from tensorflow import TensorSpec, function, ones, range as tf_range
import tensorflow as tf


class Indexer(tf.Module):
    @function(input_signature=[TensorSpec(shape=None, dtype=tf.float32)])
    def positions(self, x):
        return tf_range(tf.shape(x)[0]) + tf.cast(tf.reduce_sum(x), tf.int32) * 0


indexer = Indexer()


def exercise():
    return [indexer.positions(ones([n])) for n in (1, 3, 5)]
