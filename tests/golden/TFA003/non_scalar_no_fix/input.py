import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)], autograph=False)
def positive_part(x):
    if x > 0:
        return x
    return tf.zeros_like(x)

