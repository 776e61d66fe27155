"""A SparseTensor whose dense_shape is built from x.shape[0].

dense_shape is int64: Python ints adapt; an int32 tf.shape(x)[0] does not.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def first_col_sparse(x):
    n = tf.shape(x, out_type=tf.int64)[0]
    idx = tf.stack([tf.range(n), tf.zeros([n], tf.int64)], axis=1)
    sp = tf.sparse.SparseTensor(idx, x[:, 0], dense_shape=[x.shape[0], 3])
    return tf.sparse.to_dense(sp)


def exercise():
    return [first_col_sparse(tf.ones([2, 3]))]
