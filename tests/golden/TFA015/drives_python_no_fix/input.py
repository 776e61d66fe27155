import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, None])])
def rows(x):
    n, k = x.shape
    total = tf.zeros([])
    for i in range(x.shape[0]):
        total += x[i, 0]
    if x.shape[1] > 2:
        total += 1.0
    return total * x.shape[-1] + tf.cast(n, tf.float32)
