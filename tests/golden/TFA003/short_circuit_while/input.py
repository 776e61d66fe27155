import tensorflow as tf


@tf.function(
    input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.float32)],
    autograph=False,
)
def count_below(v, t):
    # `v[i]` must not run once `i == n`: index n is out of range
    i = tf.constant(0)
    n = tf.shape(v)[0]
    while i < n and tf.gather(v, i) <= t:
        i = i + 1
    return i


def exercise():
    v = tf.constant([1.0, 2.0, 3.0])
    return [count_below(v, tf.constant(2.5)), count_below(v, tf.constant(10.0)), count_below(v, tf.constant(0.0))]
