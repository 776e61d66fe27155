"""A method with `self` skipped in the signature, a negative index on the None dimension and a
positive one on a fixed dimension, in one `tf.reshape` and a `tf.fill`: the rewrite must pick
the right parameter and dimensions and keep the int dtypes of the fill."""
import tensorflow as tf


class Pool(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([4, None], tf.int32), tf.TensorSpec([None], tf.float32)])
    def __call__(self, ids, weights):
        flat = tf.reshape(ids, [-1, ids.shape[-1]])
        counts = tf.fill([ids.shape[0]], ids.shape[-1])
        return flat, counts, tf.reduce_sum(weights) * tf.cast(counts, tf.float32)


def exercise():
    pool = Pool()
    return [pool(tf.reshape(tf.range(4 * n), [4, n]), tf.ones([n])) for n in (1, 3)]
